import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NO_DATA_MESSAGE } from './constants';
import { PieChart } from './PieChart';
import type { PieChartData } from './types';

const results: PieChartData = {
  categoryLabel: 'Collection - Result',
  valueLabel: 'Runs',
  slices: [
    { key: 'Checkout - PASSED', label: 'Checkout - PASSED', value: 6 },
    { key: 'Checkout - FAILED', label: 'Checkout - FAILED', value: 3 },
    { key: 'Login - FAILED', label: 'Login - FAILED', value: 1 },
  ],
};

describe('PieChart', () => {
  it('draws a doughnut of focusable slices named by name, value and share, labelled on the ring', () => {
    render(<PieChart width={600} height={400} data={results} label="Results" />);
    const chart = screen.getByRole('group', { name: 'Results' });
    expect(within(chart).getAllByRole('img').map((slice) => slice.getAttribute('aria-label'))).toEqual([
      'Checkout - PASSED, Runs: 6 (60%)',
      'Checkout - FAILED, Runs: 3 (30%)',
      'Login - FAILED, Runs: 1 (10%)',
    ]);
    // A doughnut: every arc path has an inner edge, so it is drawn with two arcs.
    for (const slice of within(chart).getAllByRole('img')) expect(slice.getAttribute('d')?.match(/A/g)?.length).toBeGreaterThanOrEqual(2);
    expect(Array.from(chart.querySelectorAll('text.chart-pie-label'), (text) => text.textContent)).toEqual(['Checkout - PASSED', 'Checkout - FAILED', 'Login - FAILED']);
  });

  it('shows the legend by default, with values and shares, and hides it on request', () => {
    const { rerender } = render(<PieChart width={600} height={400} data={results} label="Results" />);
    const legend = screen.getByRole('list', { name: 'Results legend' });
    expect(within(legend).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Checkout - PASSED6 (60%)',
      'Checkout - FAILED3 (30%)',
      'Login - FAILED1 (10%)',
    ]);
    rerender(<PieChart width={600} height={400} data={results} label="Results" showLegend={false} />);
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('has a screen-reader table and arrow-key focus between slices', async () => {
    const user = userEvent.setup();
    render(<PieChart width={600} height={400} data={results} label="Results" />);
    const table = screen.getByRole('table', { name: 'Results' });
    expect(within(table).getAllByRole('row').map((row) => row.textContent)).toEqual([
      'Collection - ResultRunsShare',
      'Checkout - PASSED660%',
      'Checkout - FAILED330%',
      'Login - FAILED110%',
    ]);
    await user.tab();
    expect(screen.getByRole('img', { name: 'Checkout - PASSED, Runs: 6 (60%)' })).toHaveFocus();
    // Left on the first slice stays there.
    await user.keyboard('{ArrowLeft}{ArrowRight}');
    expect(screen.getByRole('img', { name: 'Checkout - FAILED, Runs: 3 (30%)' })).toHaveFocus();
  });

  it('says so when the frame has no data', () => {
    render(<PieChart width={600} height={400} data={{ ...results, slices: [] }} label="Results" />);
    expect(screen.getByRole('status')).toHaveTextContent(NO_DATA_MESSAGE);
  });
});
