import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BarChart } from './BarChart';
import { NO_DATA_MESSAGE } from './constants';
import type { CategoryChartData } from './types';

const grouped: CategoryChartData = {
  categoryLabel: 'Date',
  valueLabel: 'Runs',
  categories: ['2026-11-20', '2026-11-21'],
  series: [
    { key: 'count\u0000FAILED', label: 'FAILED', values: [2, 0] },
    { key: 'count\u0000PASSED', label: 'PASSED', values: [5, 7] },
  ],
};

describe('BarChart', () => {
  it('draws a named, focusable bar per category and series, with a legend and a screen-reader table', () => {
    render(<BarChart width={600} height={400} data={grouped} label="Runs by result" />);
    const chart = screen.getByRole('group', { name: 'Runs by result' });
    const bars = within(chart).getAllByRole('img');
    expect(bars.map((bar) => bar.getAttribute('aria-label'))).toEqual([
      '2026-11-20, FAILED, Runs: 2',
      '2026-11-20, PASSED, Runs: 5',
      '2026-11-21, FAILED, Runs: 0',
      '2026-11-21, PASSED, Runs: 7',
    ]);
    // The taller value draws the taller bar; a 0 bar has no height.
    const heights = bars.map((bar) => Number(bar.getAttribute('height')));
    expect(heights[3]).toBeGreaterThan(heights[1] ?? Infinity);
    expect(heights[2]).toBe(0);
    const legend = screen.getByRole('list', { name: 'Runs by result legend' });
    expect(within(legend).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['FAILED', 'PASSED']);
    const table = screen.getByRole('table', { name: 'Runs by result' });
    expect(within(table).getAllByRole('row').map((row) => row.textContent)).toEqual(['DateFAILEDPASSED', '2026-11-2025', '2026-11-2107']);
  });

  it('leaves the legend out of a single series and names the bar by its value', () => {
    render(<BarChart width={600} height={400} data={{ ...grouped, series: [{ key: 'count', label: 'Runs', values: [3, 4] }] }} label="Runs" />);
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(screen.getAllByRole('img').map((bar) => bar.getAttribute('aria-label'))).toEqual(['2026-11-20, Runs: 3', '2026-11-21, Runs: 4']);
  });

  it('puts one bar in the tab order and moves between bars with the arrow keys, Home and End', async () => {
    const user = userEvent.setup();
    render(<BarChart width={600} height={400} data={grouped} label="Runs by result" />);
    const bars = screen.getAllByRole('img');
    await user.tab();
    expect(bars[0]).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(bars[1]).toHaveFocus();
    expect(bars[1]).toHaveAttribute('tabindex', '0');
    expect(bars[0]).toHaveAttribute('tabindex', '-1');
    await user.keyboard('{End}');
    expect(bars[3]).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(bars[3]).toHaveFocus();
    await user.keyboard('{Home}');
    expect(bars[0]).toHaveFocus();
  });

  it('says so when the frame has no data', () => {
    render(<BarChart width={600} height={400} data={{ ...grouped, series: [] }} label="Runs" />);
    expect(screen.getByRole('status')).toHaveTextContent(NO_DATA_MESSAGE);
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
  });
});
