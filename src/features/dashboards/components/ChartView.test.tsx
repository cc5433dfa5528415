import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeReportElement } from '../../../../tests/msw/dashboards';
import { NO_DATA_MESSAGE } from '../../../charts/constants';
import type { ChartConfig, ReportElement } from '../../../shared/contracts/dashboards';
import { analyticsDataset, analyticsRun } from '../chart-data/analytics-rows.fixture';
import { CHART_LOADING_LABEL, ChartView } from './ChartView';

const frame = { fromDate: '2026-11-16', toDate: '2026-11-18' };
const dataset = analyticsDataset([
  analyticsRun('2026-11-16'),
  analyticsRun('2026-11-16', { result: 'FAILED', failedSteps: 1 }),
  analyticsRun('2026-11-18', { collection: 'Login' }),
  ...Array.from({ length: 11 }, (_, index) => analyticsRun('2026-11-17', { collection: `Suite ${String(index + 1).padStart(2, '0')}` })),
]);

function element(chart: Partial<ChartConfig>, overrides: Partial<ReportElement> = {}): ReportElement {
  return makeReportElement({ title: 'Runs', chart: { type: 'table', plotAttrs: [], group: null, timeUnit: 'Seconds', ...chart }, ...overrides });
}

/** happy-dom lays nothing out, so the test plays the browser's part in resizing. */
class FakeResizeObserver {
  static instances: FakeResizeObserver[] = [];
  constructor(private readonly callback: ResizeObserverCallback) {
    FakeResizeObserver.instances.push(this);
  }
  observe(): void {}
  disconnect(): void {}
  unobserve(): void {}
  resize(width: number): void {
    this.callback([{ contentRect: { width } } as ResizeObserverEntry], this as unknown as ResizeObserver);
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeResizeObserver.instances = [];
});

describe('ChartView', () => {
  it('shows the table without the Time column, ten rows a page', async () => {
    const user = userEvent.setup();
    render(<ChartView element={element({ type: 'table' }, { dataBreakdownConfig: { config: {}, activeAttrs: ['time', 'collection', 'result', 'count'] } })} dataset={dataset} timeFrame={frame} />);
    const table = screen.getByRole('grid', { name: 'Runs' });
    expect(Array.from(table.querySelectorAll('.ui-table__column-title'), (title) => title.textContent)).toEqual(['Collection', 'Result', 'Runs']);
    const rows = within(table).getAllByRole('row').map((row) => row.textContent);
    expect(rows).toHaveLength(11);
    expect(rows.slice(1, 4)).toEqual(['CheckoutPASSED1', 'CheckoutFAILED1', 'LoginPASSED1']);
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(within(screen.getByRole('grid', { name: 'Runs' })).getAllByRole('row').map((row) => row.textContent)).toEqual([
      'CollectionResultRuns',
      'Suite 08PASSED1',
      'Suite 09PASSED1',
      'Suite 10PASSED1',
      'Suite 11PASSED1',
    ]);
  });

  it('shows the historical table by date', () => {
    render(<ChartView element={element({ type: 'historicalTable' }, { dataBreakdownConfig: { config: { collection: ['Checkout', 'Login'] }, activeAttrs: ['collection', 'count'] } })} dataset={dataset} timeFrame={frame} />);
    expect(screen.getAllByRole('row').map((row) => row.textContent)).toEqual(['DateCollectionRuns', '2026-11-16Checkout2', '2026-11-18Login1']);
  });

  it('draws a grouped bar chart over every day of the frame', () => {
    render(<ChartView element={element({ type: 'barGraph', plotAttrs: ['failedSteps'], group: 'result' })} dataset={dataset} timeFrame={frame} />);
    const chart = screen.getByRole('group', { name: 'Runs' });
    expect(within(chart).getAllByRole('img').map((bar) => bar.getAttribute('aria-label'))).toEqual([
      '2026-11-16, FAILED, Failed Steps: 1',
      '2026-11-16, PASSED, Failed Steps: 0',
      '2026-11-17, FAILED, Failed Steps: 0',
      '2026-11-17, PASSED, Failed Steps: 0',
      '2026-11-18, FAILED, Failed Steps: 0',
      '2026-11-18, PASSED, Failed Steps: 0',
    ]);
  });

  it('draws the horizontal bars, the line and the pie of the same element', () => {
    const { rerender } = render(<ChartView element={element({ type: 'barGraphHorizontal' })} dataset={dataset} timeFrame={frame} />);
    expect(screen.getByRole('img', { name: '2026-11-17, Count: 11' })).toBeInTheDocument();
    rerender(<ChartView element={element({ type: 'lineGraph', group: 'collection' })} dataset={dataset} timeFrame={frame} />);
    expect(screen.getByRole('img', { name: '2026-11-16, Checkout, Count: 2' })).toBeInTheDocument();
    rerender(<ChartView element={element({ type: 'pieGraph' }, { dataBreakdownConfig: { config: { collection: ['Checkout', 'Login'] }, activeAttrs: ['collection', 'result'] } })} dataset={dataset} timeFrame={frame} />);
    expect(within(screen.getByRole('list', { name: 'Runs legend' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Checkout - FAILED1 (33.33%)',
      'Checkout - PASSED1 (33.33%)',
      'Login - PASSED1 (33.33%)',
    ]);
  });

  it('redraws at the width of its element', () => {
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    render(<ChartView element={element({ type: 'barGraph' })} dataset={dataset} timeFrame={frame} />);
    act(() => FakeResizeObserver.instances.at(-1)?.resize(900.6));
    expect(screen.getByRole('group', { name: 'Runs' })).toHaveAttribute('width', '900');
    act(() => FakeResizeObserver.instances.at(-1)?.resize(420));
    expect(screen.getByRole('group', { name: 'Runs' })).toHaveAttribute('width', '420');
  });

  it('reads its width while the data loads, then draws the data once at that width without reading it again', () => {
    const measure = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ width: 700.4 } as DOMRect);
    const barChart = element({ type: 'barGraph' });
    const { rerender } = render(<ChartView element={barChart} dataset={undefined} timeFrame={frame} />);
    expect(screen.getByRole('progressbar', { name: CHART_LOADING_LABEL })).toBeInTheDocument();
    expect(measure).toHaveBeenCalledTimes(1);
    rerender(<ChartView element={barChart} dataset={dataset} timeFrame={frame} />);
    expect(screen.getByRole('group', { name: 'Runs' })).toHaveAttribute('width', '700');
    expect(measure).toHaveBeenCalledTimes(1);
    measure.mockRestore();
  });

  it('says there is no data for a frame without runs', () => {
    render(<ChartView element={element({ type: 'pieGraph' })} dataset={dataset} timeFrame={{ fromDate: '2026-10-01', toDate: '2026-10-07' }} />);
    expect(screen.getByRole('status')).toHaveTextContent(NO_DATA_MESSAGE);
    render(<ChartView element={element({ type: 'table' })} dataset={dataset} timeFrame={{ fromDate: '2026-10-01', toDate: '2026-10-07' }} />);
    expect(screen.getByText(NO_DATA_MESSAGE, { selector: '.ui-table__empty' })).toBeInTheDocument();
  });
});
