import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BarChart } from './BarChart';
import type { CategoryChartProps } from './category-chart';
import { NO_DATA_MESSAGE } from './constants';
import { HorizontalBarChart } from './HorizontalBarChart';
import { LineChart } from './LineChart';
import { RESULT_COLOURS } from './palette';
import { PieChart } from './PieChart';
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

const charts = [
  ['BarChart', BarChart],
  ['HorizontalBarChart', HorizontalBarChart],
  ['LineChart', LineChart],
] as const;

function draw(Chart: (typeof charts)[number][1], props: Partial<CategoryChartProps> = {}) {
  return render(<Chart width={600} height={400} data={grouped} label="Runs by result" {...props} />);
}

describe.each(charts)('%s', (_, Chart) => {
  it('draws a named, focusable mark per category and series, with a legend and a screen-reader table', () => {
    draw(Chart);
    const chart = screen.getByRole('group', { name: 'Runs by result' });
    const marks = within(chart).getAllByRole('img');
    expect(marks.map((mark) => mark.getAttribute('aria-label')).sort()).toEqual([
      '2026-11-20, FAILED, Runs: 2',
      '2026-11-20, PASSED, Runs: 5',
      '2026-11-21, FAILED, Runs: 0',
      '2026-11-21, PASSED, Runs: 7',
    ]);
    const legend = screen.getByRole('list', { name: 'Runs by result legend' });
    expect(within(legend).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['FAILED', 'PASSED']);
    // Each series has its own marker shape, so the legend reads without colour.
    const shapes = within(legend).getAllByRole('listitem').map((item) => item.querySelector('path')?.getAttribute('d'));
    expect(new Set(shapes).size).toBe(2);
    const table = screen.getByRole('table', { name: 'Runs by result' });
    expect(within(table).getAllByRole('row').map((row) => row.textContent)).toEqual(['DateFAILEDPASSED', '2026-11-2025', '2026-11-2107']);
  });

  it('leaves the legend out of a single series and names marks by the value alone', () => {
    draw(Chart, { data: { ...grouped, series: [{ key: 'count', label: 'Runs', values: [3, 4] }] } });
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(screen.getAllByRole('img').map((mark) => mark.getAttribute('aria-label'))).toEqual(['2026-11-20, Runs: 3', '2026-11-21, Runs: 4']);
  });

  it('puts one mark in the tab order and moves between marks with the arrow keys, Home and End', async () => {
    const user = userEvent.setup();
    draw(Chart);
    const marks = screen.getAllByRole('img');
    await user.tab();
    expect(marks[0]).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(marks[1]).toHaveFocus();
    expect(marks[1]).toHaveAttribute('tabindex', '0');
    expect(marks[0]).toHaveAttribute('tabindex', '-1');
    await user.keyboard('{End}');
    expect(marks[3]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(marks[3]).toHaveFocus();
    await user.keyboard('{Home}');
    expect(marks[0]).toHaveFocus();
    await user.tab();
    expect(document.body).toHaveFocus();
  });

  it('labels a count axis with whole numbers only, written without decimals', () => {
    const { container } = draw(Chart, { data: { ...grouped, series: [{ key: 'count', label: 'Runs', values: [1, 2] }] } });
    const valueAxis = Chart === HorizontalBarChart ? '.visx-axis-bottom' : '.visx-axis-left';
    const ticks = Array.from(container.querySelectorAll(`${valueAxis} .visx-axis-tick text`), (text) => text.textContent);
    expect(ticks).toEqual(['0', '1', '2']);
  });

  it('keeps fractional ticks for averages, written as the marks are', () => {
    const { container } = draw(Chart, { data: { ...grouped, series: [{ key: 'duration', label: 'Duration (Seconds)', values: [0.5, 1.25] }] } });
    const valueAxis = Chart === HorizontalBarChart ? '.visx-axis-bottom' : '.visx-axis-left';
    const ticks = Array.from(container.querySelectorAll(`${valueAxis} .visx-axis-tick text`), (text) => text.textContent);
    expect(ticks.slice(0, 6)).toEqual(['0', '0.2', '0.4', '0.6', '0.8', '1']);
  });

  it('says so when the frame has no data', () => {
    draw(Chart, { data: { ...grouped, series: [] } });
    expect(screen.getByRole('status')).toHaveTextContent(NO_DATA_MESSAGE);
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
  });
});

function size(label: string, attribute: 'width' | 'height'): number {
  return Number(screen.getByRole('img', { name: label }).getAttribute(attribute));
}

describe('bar geometry', () => {
  it('draws vertical bars as tall as their values, 0 as no bar', () => {
    draw(BarChart);
    expect(size('2026-11-21, PASSED, Runs: 7', 'height')).toBeGreaterThan(size('2026-11-20, PASSED, Runs: 5', 'height'));
    expect(size('2026-11-21, FAILED, Runs: 0', 'height')).toBe(0);
  });

  it('draws horizontal bars as long as their values, grouped by date down the side', () => {
    draw(HorizontalBarChart);
    expect(size('2026-11-21, PASSED, Runs: 7', 'width')).toBeGreaterThan(size('2026-11-20, PASSED, Runs: 5', 'width'));
    expect(size('2026-11-21, FAILED, Runs: 0', 'width')).toBe(0);
    const first = screen.getByRole('img', { name: '2026-11-20, FAILED, Runs: 2' }).closest('g');
    expect(first).toContainElement(screen.getByRole('img', { name: '2026-11-20, PASSED, Runs: 5' }));
  });

  it('follows the width it is given', () => {
    const { rerender } = draw(BarChart);
    const narrow = size('2026-11-20, PASSED, Runs: 5', 'width');
    rerender(<BarChart width={1200} height={400} data={grouped} label="Runs by result" />);
    expect(size('2026-11-20, PASSED, Runs: 5', 'width')).toBeGreaterThan(narrow);
  });
});

describe('line', () => {
  it('draws a line per series through its points', () => {
    const { container } = draw(LineChart);
    expect(container.querySelectorAll('path.visx-linepath')).toHaveLength(2);
  });
});

describe('result colours', () => {
  it('draws FAILED red and PASSED green in every chart, whatever their order', () => {
    const { unmount } = draw(BarChart);
    expect(screen.getByRole('img', { name: '2026-11-20, FAILED, Runs: 2' })).toHaveAttribute('fill', RESULT_COLOURS.FAILED);
    expect(screen.getByRole('img', { name: '2026-11-20, PASSED, Runs: 5' })).toHaveAttribute('fill', RESULT_COLOURS.PASSED);
    unmount();
    const slices = [
      { key: 'PASSED', label: 'PASSED', value: 12 },
      { key: 'FAILED', label: 'FAILED', value: 2 },
    ];
    render(<PieChart width={600} height={400} data={{ categoryLabel: 'Result', valueLabel: 'Runs', slices }} label="Runs" />);
    expect(screen.getByRole('img', { name: /^PASSED, Runs: 12/ })).toHaveAttribute('fill', RESULT_COLOURS.PASSED);
    expect(screen.getByRole('img', { name: /^FAILED, Runs: 2/ })).toHaveAttribute('fill', RESULT_COLOURS.FAILED);
  });
});
