import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Table, type TableColumn } from './Table';

const columns: TableColumn[] = [
  { id: 'name', header: 'Name', isRowHeader: true },
  { id: 'status', header: 'Status' },
];
const rows = [
  { id: 'a', name: 'Nightly', status: 'Passed' },
  { id: 'b', name: 'Hourly', status: 'Failed' },
];
const renderCell = (row: (typeof rows)[number], columnId: string) => (columnId === 'name' ? row.name : row.status);

// Tab past the grid is checked in Chromium (tests/e2e/accessibility.test.ts): user-event picks the next Tab stop itself
// and never meets the trap react-aria's resizers made there.
describe('Table', () => {
  it('keeps its column resizers out of the Tab order, also those of a column added later', async () => {
    const { rerender } = render(<Table label="Schedules" columns={columns} rows={rows} renderCell={renderCell} />);
    const tabIndexes = () => screen.getAllByRole('slider', { hidden: true }).map((resizer) => resizer.tabIndex);
    await waitFor(() => expect(tabIndexes()).toEqual([-1, -1]));
    rerender(<Table label="Schedules" columns={[...columns, { id: 'owner', header: 'Owner' }]} rows={rows} renderCell={renderCell} />);
    await waitFor(() => expect(tabIndexes()).toEqual([-1, -1, -1]));
  });

  it('still resizes a column from the keyboard: Enter on its header focuses its resizer', async () => {
    const user = userEvent.setup();
    render(<Table label="Schedules" columns={columns} rows={rows} renderCell={renderCell} />);
    await user.tab();
    await user.keyboard('{ArrowUp}{Enter}');
    expect(await screen.findByRole('slider', { name: /Resize Name/ })).toHaveFocus();
  });
});
