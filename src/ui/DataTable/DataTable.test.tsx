import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { namePattern, required } from '../../lib/validators';
import { DataTable, type DataTableProps } from './DataTable';
import { useChangedRows, type ChangedRows } from './useChangedRows';
import type { DataTableColumn } from './types';
import { waitUntil } from '../../../tests/support/wait';

interface Variable {
  id: number;
  name: string;
  value: string;
}

const columns: DataTableColumn<Variable>[] = [
  { key: 'name', header: 'Variable Name', editable: true, isRowHeader: true, validate: (value) => required(value) ?? namePattern(value) },
  { key: 'value', header: 'Value', editable: true },
];

function variables(count: number): Variable[] {
  return Array.from({ length: count }, (_, index) => ({ id: index + 1, name: `var_${index + 1}`, value: `value ${index + 1}` }));
}

function renderTable(props: Partial<DataTableProps<Variable>> = {}) {
  const user = userEvent.setup();
  const onSave = vi.fn<(row: Variable, changes: Record<string, string>) => Promise<void>>().mockResolvedValue(undefined);
  const view = render(<DataTable label="Variables" columns={columns} rows={variables(3)} onSave={onSave} {...props} />);
  return { user, onSave, ...view };
}

/** Row names of the body, in order. */
function shownNames(): string[] {
  return screen.getAllByRole('rowheader').map((cell) => cell.textContent ?? '');
}

function cell(text: string): HTMLElement {
  const found = screen.getByText(text).closest<HTMLElement>('[role="gridcell"], [role="rowheader"]');
  if (!found) throw new Error(`No cell holds ${text}`);
  return found;
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('DataTable listing', () => {
  it("says 'No data to display' and '0 total' when empty", () => {
    renderTable({ rows: [] });
    expect(screen.getByText('No data to display')).toBeInTheDocument();
    expect(screen.getByText('0 total')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Variables pagination' })).not.toBeInTheDocument();
  });

  it('pages by 20 by default and counts every row', () => {
    renderTable({ rows: variables(45) });
    expect(screen.getByText('45 total')).toBeInTheDocument();
    expect(shownNames()).toHaveLength(20);
    const pagination = screen.getByRole('navigation', { name: 'Variables pagination' });
    expect(within(pagination).getAllByRole('button', { name: /^Page/ }).map((link) => link.textContent)).toEqual(['1', '2', '3']);
  });

  it('shows 5 page links around the current page, with previous and next', async () => {
    const { user } = renderTable({ rows: variables(60), pageSize: 5 });
    const pagination = screen.getByRole('navigation', { name: 'Variables pagination' });
    const links = () => within(pagination).getAllByRole('button', { name: /^Page/ }).map((link) => link.textContent);
    expect(links()).toEqual(['1', '2', '3', '4', '5']);
    expect(within(pagination).getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await user.click(within(pagination).getByRole('button', { name: 'Page 5' }));
    expect(links()).toEqual(['3', '4', '5', '6', '7']);
    expect(within(pagination).getByRole('button', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');
    expect(shownNames()).toEqual(['var_21', 'var_22', 'var_23', 'var_24', 'var_25']);

    await user.click(within(pagination).getByRole('button', { name: 'Next page' }));
    expect(shownNames()[0]).toBe('var_26');
    await user.click(within(pagination).getByRole('button', { name: 'Page 7' }));
    await user.click(within(pagination).getByRole('button', { name: 'Page 9' }));
    await user.click(within(pagination).getByRole('button', { name: 'Page 11' }));
    await user.click(within(pagination).getByRole('button', { name: 'Page 12' }));
    expect(links()).toEqual(['8', '9', '10', '11', '12']);
    expect(within(pagination).getByRole('button', { name: 'Next page' })).toBeDisabled();
    await user.click(within(pagination).getByRole('button', { name: 'Previous page' }));
    expect(shownNames()).toEqual(['var_51', 'var_52', 'var_53', 'var_54', 'var_55']);
  });

  it('keeps at most 100 rows and says so', () => {
    renderTable({ rows: variables(150), pageSize: 50 });
    expect(screen.getByRole('status')).toHaveTextContent('Showing the first 100 of 150 rows.');
    expect(screen.getByText('100 total')).toBeInTheDocument();
    const pagination = screen.getByRole('navigation', { name: 'Variables pagination' });
    expect(within(pagination).getAllByRole('button', { name: /^Page/ })).toHaveLength(2);
  });

  it('has no limit notice with 100 rows or fewer', () => {
    renderTable({ rows: variables(100) });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('applies the search on Enter only, and clearing shows all rows again', async () => {
    const { user } = renderTable({ rows: variables(30) });
    const search = screen.getByRole('searchbox', { name: 'Search Variables' });
    await user.type(search, 'var_2');
    expect(screen.getByText('30 total')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    // var_2 and var_20..var_29
    expect(screen.getByText('11 total')).toBeInTheDocument();
    expect(shownNames()[0]).toBe('var_2');
    await user.click(screen.getByRole('button', { name: 'Clear Search Variables' }));
    expect(screen.getByText('30 total')).toBeInTheDocument();
  });

  it('searches case-insensitively in any visible column and returns to page 1', async () => {
    const { user } = renderTable({ rows: variables(45) });
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search Variables' }), 'VALUE 4{Enter}');
    expect(shownNames()).toEqual(['var_4', 'var_40', 'var_41', 'var_42', 'var_43', 'var_44', 'var_45']);
    expect(screen.getByText('7 total')).toBeInTheDocument();
  });

  it('filters by column from the filter row, next to the extra filters given', async () => {
    const { user } = renderTable({ rows: variables(12), filters: <span>Source filter</span> });
    expect(screen.queryByRole('group', { name: 'Variables filters' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    const filters = screen.getByRole('group', { name: 'Variables filters' });
    expect(within(filters).getByText('Source filter')).toBeInTheDocument();
    await user.type(within(filters).getByRole('textbox', { name: 'Filter Variable Name' }), 'var_1');
    expect(shownNames()).toEqual(['var_1', 'var_10', 'var_11', 'var_12']);
  });

  it('hides and shows columns from the options menu', async () => {
    const { user } = renderTable();
    await user.click(screen.getByRole('button', { name: 'Variables options' }));
    await user.click(screen.getByRole('menuitem', { name: 'Hide column Value' }));
    expect(screen.queryByRole('columnheader', { name: /Value/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Variables options' }));
    expect(screen.getByRole('menuitem', { name: 'Hide column Variable Name' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('menuitem', { name: 'Show column Value' }));
    expect(screen.getByRole('columnheader', { name: /Value/ })).toBeInTheDocument();
  });

  it('names every control for screen readers and lets columns be resized', () => {
    renderTable({ onAdd: vi.fn() });
    expect(screen.getByRole('grid', { name: 'Variables' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Variables options' })).toBeInTheDocument();
    expect(screen.getAllByRole('slider', { hidden: true }).map((resizer) => resizer.getAttribute('aria-label'))).toEqual(['Resize Variable Name', 'Resize Value']);
  });
});

describe('DataTable inline edit', () => {
  it('saves a valid, changed value when the cell is left', async () => {
    const { user, onSave } = renderTable();
    await user.dblClick(cell('var_2'));
    const editor = screen.getByRole('textbox', { name: 'Edit Variable Name' });
    expect(editor).toHaveFocus();
    await user.clear(editor);
    await user.type(editor, 'renamed');
    await user.tab();
    expect(onSave).toHaveBeenCalledExactlyOnceWith({ id: 2, name: 'var_2', value: 'value 2' }, { name: 'renamed' });
    expect(screen.queryByRole('textbox', { name: 'Edit Variable Name' })).not.toBeInTheDocument();
  });

  it('does not save an unchanged value', async () => {
    const { user, onSave } = renderTable();
    await user.dblClick(cell('value 1'));
    await user.type(screen.getByRole('textbox', { name: 'Edit Value' }), 'x{Backspace}');
    await user.click(document.body);
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.queryByRole('textbox', { name: 'Edit Value' })).not.toBeInTheDocument();
  });

  it('keeps an invalid value in the editor with its error, unsaved', async () => {
    const { user, onSave } = renderTable();
    await user.dblClick(cell('var_1'));
    const editor = screen.getByRole('textbox', { name: 'Edit Variable Name' });
    await user.type(editor, '!');
    expect(screen.getByText('Special characters are not allowed!')).toBeInTheDocument();
    await user.click(document.body);
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Edit Variable Name' })).toHaveValue('var_1!');
    await user.clear(screen.getByRole('textbox', { name: 'Edit Variable Name' }));
    expect(screen.getByText('Required')).toBeInTheDocument();
  });

  it('shows no error before the value is touched', async () => {
    const { user } = renderTable({ rows: [{ id: 1, name: 'bad name!', value: '' }] });
    await user.dblClick(cell('bad name!'));
    expect(screen.getByRole('textbox', { name: 'Edit Variable Name' })).toBeInTheDocument();
    expect(screen.queryByText('Special characters are not allowed!')).not.toBeInTheDocument();
  });

  it('resets the draft on Escape and gives focus back to the cell', async () => {
    const { user, onSave } = renderTable();
    await user.dblClick(cell('var_3'));
    await user.type(screen.getByRole('textbox', { name: 'Edit Variable Name' }), '_changed{Escape}');
    expect(onSave).not.toHaveBeenCalled();
    expect(cell('var_3')).toHaveFocus();
    await user.dblClick(cell('var_3'));
    expect(screen.getByRole('textbox', { name: 'Edit Variable Name' })).toHaveValue('var_3');
  });

  it('starts editing with Enter on a focused cell and saves with Enter', async () => {
    const { user, onSave } = renderTable();
    await user.click(cell('var_1'));
    await user.keyboard('{ArrowRight}');
    expect(cell('value 1')).toHaveFocus();
    await user.keyboard('{Enter}');
    const editor = screen.getByRole('textbox', { name: 'Edit Value' });
    expect(editor).toHaveFocus();
    // Arrow keys move the caret, not the grid's focus, while editing.
    await user.keyboard('{ArrowLeft}{ArrowLeft}X{Enter}');
    expect(onSave).toHaveBeenCalledExactlyOnceWith({ id: 1, name: 'var_1', value: 'value 1' }, { value: 'valueX 1' });
    await waitUntil(() => expect(cell('value 1')).toHaveFocus());
  });

  it('leaves read-only columns and tables without onSave alone', async () => {
    const readOnly: DataTableColumn<Variable>[] = [{ key: 'name', header: 'Variable Name' }, columns[1]!];
    const { user, onSave, rerender } = renderTable({ columns: readOnly });
    await user.dblClick(cell('var_1'));
    expect(screen.queryByRole('textbox', { name: /^Edit/ })).not.toBeInTheDocument();
    rerender(<DataTable label="Variables" columns={columns} rows={variables(3)} />);
    await user.dblClick(cell('value 1'));
    expect(screen.queryByRole('textbox', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('loads the full row before editing when beforeEdit is given', async () => {
    const beforeEdit = vi.fn((row: Variable) => Promise.resolve({ ...row, value: 'loaded value' }));
    const { user, onSave } = renderTable({ beforeEdit });
    await user.dblClick(cell('value 2'));
    const editor = await screen.findByRole('textbox', { name: 'Edit Value' });
    expect(beforeEdit).toHaveBeenCalledExactlyOnceWith({ id: 2, name: 'var_2', value: 'value 2' });
    expect(editor).toHaveValue('loaded value');
    await user.type(editor, '!{Enter}');
    expect(onSave).toHaveBeenCalledExactlyOnceWith({ id: 2, name: 'var_2', value: 'loaded value' }, { value: 'loaded value!' });
  });

  it('keeps the editor open when the save fails', async () => {
    const onSave = vi.fn().mockRejectedValue(new Error('Unable to save'));
    const { user } = renderTable({ onSave });
    await user.dblClick(cell('var_1'));
    await user.type(screen.getByRole('textbox', { name: 'Edit Variable Name' }), '_x{Enter}');
    expect(onSave).toHaveBeenCalledOnce();
    expect(await screen.findByRole('textbox', { name: 'Edit Variable Name' })).toHaveValue('var_1_x');
  });

  it('highlights a saved row for 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = renderTable();
    await user.dblClick(cell('var_1'));
    await user.type(screen.getByRole('textbox', { name: 'Edit Variable Name' }), '_new{Enter}');
    const row = cell('var_1').closest('[role="row"]');
    expect(row).toHaveClass('data-table__row--changed');
    expect(cell('var_2').closest('[role="row"]')).not.toHaveClass('data-table__row--changed');
    act(() => vi.advanceTimersByTime(4_900));
    expect(row).toHaveClass('data-table__row--changed');
    act(() => vi.advanceTimersByTime(200));
    expect(row).not.toHaveClass('data-table__row--changed');
  });

  it('highlights rows marked from outside for 5 seconds, including one that joins the rows later', () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let changedRows: ChangedRows | undefined;
    function Outside({ rows }: { rows: Variable[] }) {
      changedRows = useChangedRows();
      return <DataTable label="Variables" columns={columns} rows={rows} changedRows={changedRows} />;
    }
    const view = render(<Outside rows={variables(2)} />);
    act(() => {
      changedRows?.markChanged(2);
      changedRows?.markChanged(3);
    });
    expect(cell('var_2').closest('[role="row"]')).toHaveClass('data-table__row--changed');
    expect(cell('var_1').closest('[role="row"]')).not.toHaveClass('data-table__row--changed');
    act(() => vi.advanceTimersByTime(2_000));
    view.rerender(<Outside rows={variables(3)} />);
    expect(cell('var_3').closest('[role="row"]')).toHaveClass('data-table__row--changed');
    act(() => vi.advanceTimersByTime(3_100));
    expect(cell('var_2').closest('[role="row"]')).not.toHaveClass('data-table__row--changed');
    expect(cell('var_3').closest('[role="row"]')).not.toHaveClass('data-table__row--changed');
  });
});

describe('DataTable Add row', () => {
  it('adds a valid row with Save and closes the form', async () => {
    const onAdd = vi.fn().mockResolvedValue(undefined);
    const { user } = renderTable({ onAdd });
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const form = screen.getByRole('group', { name: 'New Variables row' });
    await user.type(within(form).getByRole('textbox', { name: 'Variable Name' }), 'new_var');
    await user.type(within(form).getByRole('textbox', { name: 'Value' }), '42');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(onAdd).toHaveBeenCalledExactlyOnceWith({ name: 'new_var', value: '42' });
    expect(screen.queryByRole('group', { name: 'New Variables row' })).not.toBeInTheDocument();
  });

  it('saves when focus leaves a valid form, and shows errors instead when invalid', async () => {
    const onAdd = vi.fn().mockResolvedValue(undefined);
    const { user } = renderTable({ onAdd });
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const form = screen.getByRole('group', { name: 'New Variables row' });
    await user.type(within(form).getByRole('textbox', { name: 'Value' }), 'only a value');
    await user.click(document.body);
    expect(onAdd).not.toHaveBeenCalled();
    expect(within(form).getByText('Required')).toBeInTheDocument();

    await user.type(within(form).getByRole('textbox', { name: 'Variable Name' }), 'named');
    await user.click(document.body);
    expect(onAdd).toHaveBeenCalledExactlyOnceWith({ name: 'named', value: 'only a value' });
  });

  it('drops the new row on Cancel', async () => {
    const onAdd = vi.fn();
    const { user } = renderTable({ onAdd });
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.type(screen.getByRole('textbox', { name: 'Variable Name' }), 'abandoned');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onAdd).not.toHaveBeenCalled();
    expect(screen.queryByRole('group', { name: 'New Variables row' })).not.toBeInTheDocument();
  });
});

describe('DataTable Export CSV', () => {
  /** The CSV the download link would save, and its file name. */
  function captureDownload() {
    const saved: { blob?: Blob; fileName?: string } = {};
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.blob = blob as Blob;
      return 'blob:csv';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.fileName = this.download;
    });
    return saved;
  }

  it('exports the filtered rows of the visible columns: quotes escaped, CRLF, formulas neutralised', async () => {
    const saved = captureDownload();
    const rows: Variable[] = [
      { id: 1, name: 'quoted', value: 'say "hi", then go' },
      { id: 2, name: 'formula', value: '=cmd|"/c calc"!A1' },
      { id: 3, name: 'other', value: 'skipped by search' },
    ];
    const { user } = renderTable({ rows, exportFileName: 'variables' });
    await user.type(screen.getByRole('searchbox', { name: 'Search Variables' }), 'u{Enter}');
    expect(screen.getByText('2 total')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Variables options' }));
    await user.click(screen.getByRole('menuitem', { name: 'Export CSV' }));
    const dialog = screen.getByRole('dialog', { name: 'Export CSV' });
    expect(within(dialog).getByRole('textbox', { name: 'File name' })).toHaveValue('variables');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(saved.fileName).toBe('variables.csv');
    const text = (await saved.blob!.text()).replace(/^\uFEFF/, '');
    expect(text).toBe(['Variable Name,Value', 'quoted,"say ""hi"", then go"', `formula,"'=cmd|""/c calc""!A1"`].join('\r\n'));
    expect(screen.queryByRole('dialog', { name: 'Export CSV' })).not.toBeInTheDocument();
  });

  it("refuses a blank file name with 'Please fill in the file name.'", async () => {
    const saved = captureDownload();
    const { user } = renderTable();
    await user.click(screen.getByRole('button', { name: 'Variables options' }));
    await user.click(screen.getByRole('menuitem', { name: 'Export CSV' }));
    const fileName = screen.getByRole('textbox', { name: 'File name' });
    await user.clear(fileName);
    await user.type(fileName, '  .csv');
    expect(screen.getByText('Please fill in the file name.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(saved.blob).toBeUndefined();
  });
});
