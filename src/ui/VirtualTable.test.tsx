import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../shared/constants';
import { VirtualTable, type VirtualTableColumn } from './VirtualTable';

interface Execution {
  id: string;
  name: string;
  status: string;
}

const makeRows = (count: number): Execution[] =>
  Array.from({ length: count }, (_, index) => ({
    id: `run-${index}`,
    name: `Execution ${index}`,
    status: index % 3 === 0 ? 'Failed' : 'Passed',
  }));

const columns: VirtualTableColumn<Execution>[] = [
  {
    id: 'name',
    header: 'Execution',
    cell: (row) => row.name,
    isRowHeader: true,
    width: '2fr',
  },
  { id: 'status', header: 'Status', cell: (row) => row.status, width: 120 },
];

const ROW_HEIGHT = 40;

// happy-dom lays nothing out (every element is 0 px tall): the grid falls back to its height prop, 444 px by default.
const bodyRows = () => screen.getAllByRole('row').filter((row) => row.getAttribute('aria-rowindex') !== '1');

function scrollGridTo(scrollTop: number) {
  const grid = screen.getByRole('grid');
  act(() => {
    grid.scrollTop = scrollTop;
    fireEvent.scroll(grid);
  });
}

describe('VirtualTable', () => {
  it('keeps a bounded number of rows in the DOM for 10 000 rows, with the name, headers and row count', () => {
    render(<VirtualTable label="Execution details" columns={columns} rows={makeRows(10_000)} rowKey={(row) => row.id} />);

    const grid = screen.getByRole('grid', { name: 'Execution details' });
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Execution', 'Status']);
    expect(grid).toHaveAttribute('aria-rowcount', '10001');
    expect(screen.getAllByRole('row').length).toBeLessThanOrEqual(60);
    expect(within(grid).getByRole('rowheader', { name: 'Execution 0' })).toBeInTheDocument();
    expect(bodyRows()[0]).toHaveAttribute('aria-rowindex', '2');
    expect(screen.queryByText('Execution 500')).not.toBeInTheDocument();
  });

  it('shows later rows after scrolling, still with a bounded number of rows', async () => {
    render(<VirtualTable label="Execution details" columns={columns} rows={makeRows(10_000)} rowKey={(row) => row.id} />);

    scrollGridTo(5_000 * ROW_HEIGHT);

    expect(await screen.findByText('Execution 5000')).toBeInTheDocument();
    // Rows scrolled past leave the DOM, except the active row (the first), kept for Tab.
    expect(screen.queryByText('Execution 3')).not.toBeInTheDocument();
    expect(screen.getAllByRole('row').length).toBeLessThanOrEqual(60);
    const row5000 = screen.getByText('Execution 5000').closest('[role="row"]');
    expect(row5000).toHaveAttribute('aria-rowindex', '5002');
    // The header row stays in the DOM (sticky) while the body scrolls.
    expect(screen.getByRole('columnheader', { name: 'Execution' })).toBeInTheDocument();
  });

  it('asks for the next page once when the user scrolls within two screens of the loaded end', () => {
    const onNearEnd = vi.fn();
    const loaded = makeRows(200);
    const { rerender } = render(
      <VirtualTable label="Runs" columns={columns} rows={loaded} rowKey={(row) => row.id} totalRows={10_000} onNearEnd={onNearEnd} />,
    );
    // The server total, not the loaded rows, is what screen readers hear (plus the header row).
    expect(screen.getByRole('grid')).toHaveAttribute('aria-rowcount', '10001');
    expect(onNearEnd).not.toHaveBeenCalled();

    scrollGridTo(6_600);
    expect(onNearEnd).not.toHaveBeenCalled();

    // 200 rows = 8 000 px and 404 px of them in view: the last visible row is within two screens from about 6 800 px on.
    scrollGridTo(6_800);
    expect(onNearEnd).toHaveBeenCalledTimes(1);
    scrollGridTo(7_200);
    expect(onNearEnd).toHaveBeenCalledTimes(1);

    // The next page arrives: far from the new end, no call; near it, one more.
    rerender(
      <VirtualTable
        label="Runs"
        columns={columns}
        rows={makeRows(400)}
        rowKey={(row) => row.id}
        totalRows={10_000}
        onNearEnd={onNearEnd}
      />,
    );
    expect(onNearEnd).toHaveBeenCalledTimes(1);
    scrollGridTo(15_000);
    expect(onNearEnd).toHaveBeenCalledTimes(2);
  });

  it('asks for more at once when the first page does not fill two screens, and never once everything is loaded', () => {
    const onNearEnd = vi.fn();
    const { rerender } = render(
      <VirtualTable label="Runs" columns={columns} rows={makeRows(5)} rowKey={(row) => row.id} totalRows={50} onNearEnd={onNearEnd} />,
    );
    expect(onNearEnd).toHaveBeenCalledTimes(1);

    rerender(
      <VirtualTable label="Runs" columns={columns} rows={makeRows(50)} rowKey={(row) => row.id} totalRows={50} onNearEnd={onNearEnd} />,
    );
    scrollGridTo(50 * ROW_HEIGHT);
    expect(onNearEnd).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('grid')).toHaveAttribute('aria-rowcount', '51');
  });

  it('shows the empty state in the body when there are no rows', () => {
    const { rerender } = render(<VirtualTable label="Runs" columns={columns} rows={[]} rowKey={(row) => row.id} />);
    expect(within(screen.getByRole('grid')).getByText(MESSAGES.noData)).toBeInTheDocument();
    // The header row and the row of the message.
    expect(screen.getByRole('grid')).toHaveAttribute('aria-rowcount', '2');

    rerender(
      <VirtualTable label="Runs" columns={columns} rows={[]} rowKey={(row) => row.id} emptyState="No executions match the criteria." />,
    );
    expect(screen.getByText('No executions match the criteria.')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader')).toHaveLength(2);
  });

  it('moves focus between rows and cells with the keyboard, rendering rows far below on demand', async () => {
    const user = userEvent.setup();
    render(<VirtualTable label="Execution details" columns={columns} rows={makeRows(10_000)} rowKey={(row) => row.id} />);

    await user.tab();
    expect(document.activeElement).toHaveAttribute('aria-rowindex', '2');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toHaveAttribute('aria-rowindex', '3');
    expect(document.activeElement).toHaveTextContent('Execution 1');

    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(document.activeElement).toHaveRole('gridcell');
    expect(document.activeElement).toHaveTextContent('Passed');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(document.activeElement).toHaveAttribute('aria-rowindex', '3');

    await user.keyboard('{Control>}{End}{/Control}');
    expect(document.activeElement).toHaveAttribute('aria-rowindex', '10001');
    expect(document.activeElement).toHaveTextContent('Execution 9999');
    await user.keyboard('{PageUp}');
    expect(Number(document.activeElement?.getAttribute('aria-rowindex'))).toBeLessThan(10_001);
    expect(screen.getAllByRole('row').length).toBeLessThanOrEqual(60);
  });

  it('keeps the active row in the DOM while scrolled away, so Tab comes back to it', async () => {
    const user = userEvent.setup();
    render(
      <>
        <VirtualTable label="Execution details" columns={columns} rows={makeRows(10_000)} rowKey={(row) => row.id} />
        <button type="button">After</button>
      </>,
    );
    await user.tab();
    await user.keyboard('{ArrowDown}');
    await user.tab();
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();

    scrollGridTo(5_000 * ROW_HEIGHT);
    expect(await screen.findByText('Execution 5000')).toBeInTheDocument();
    await user.tab({ shift: true });
    expect(document.activeElement).toHaveTextContent('Execution 1');
    expect(document.activeElement).toHaveAttribute('tabindex', '0');
  });

  it('shows a wrapping cell whole in a tooltip only when its two lines cut it', async () => {
    const user = userEvent.setup();
    const rows = [
      { id: 'short', name: 'Nov 28, 2026, 4:05:29 AM', status: 'Passed' },
      { id: 'long', name: 'A very long value that takes more than the two lines of its column', status: 'Failed' },
    ];
    const wrapping: VirtualTableColumn<Execution>[] = [{ ...columns[0]!, wraps: true, text: (row) => row.name }, columns[1]!];
    render(<VirtualTable label="Execution details" columns={wrapping} rows={rows} rowKey={(row) => row.id} />);
    const [whole, cut] = screen.getAllByRole('rowheader');
    if (!whole || !cut) throw new Error('no cells');
    // happy-dom lays nothing out: the long value's lines are taller than the cell, the short one's fit; neither is wider.
    const lines = (cell: HTMLElement, scrollHeight: number) => {
      const span = cell.querySelector('.ui-virtual-table__lines');
      if (!span) throw new Error('the cell does not wrap');
      Object.defineProperty(span, 'scrollHeight', { configurable: true, get: () => scrollHeight });
      Object.defineProperty(span, 'clientHeight', { configurable: true, get: () => 35 });
    };
    lines(whole, 35);
    lines(cut, 53);

    // The keyboard opens a tooltip at once: none on the whole cell, the whole text on the cut one below it.
    await user.tab();
    await user.keyboard('{ArrowRight}');
    expect(whole).toHaveFocus();
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(whole).not.toHaveAttribute('aria-describedby');
    await user.keyboard('{ArrowDown}');
    expect(cut).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent(rows[1]!.name);
  });
});
