import { describe, expect, it } from 'vitest';
import { dashboardsBackend } from '../../../../tests/msw/dashboards';
import { server } from '../../../../tests/msw/server';
import { signInAs } from '../../../../tests/support/render-app';
import { createQueryClient } from '../../../lib/query-client';
import { DATASET_REFRESH_MS, datasetRowCount, rowsOfDataset, type TimeFrame } from '../../../shared/contracts/dashboards';
import { datasetQuery } from './datasets';

const frame: TimeFrame = { type: 'custom', name: 'Custom', fromDate: '2024-02-28', toDate: '2024-02-29' };
const range = { startDate: Date.parse('2024-02-28T00:00:00.000Z'), endDate: Date.parse('2024-02-29T23:59:59.999Z') };

function setUp() {
  signInAs(['DASHBOARD_PUBLISHED'], { orgId: 'org-3' });
  const backend = dashboardsBackend({
    capturedRows: [
      { time: range.startDate + 1, step: 'Open', collectionId: 'c1' },
      { time: range.startDate + 2, step: 'Pay', collectionId: 'c9' },
    ],
    analyticsRows: [{ time: range.startDate + 3, collection: 'Checkout', collectionId: 'c2' }],
  });
  server.use(...backend.handlers);
  return { backend, queryClient: createQueryClient() };
}

describe('datasetQuery', () => {
  it('reads Captured Data from the datasets feed for the chosen collections, in epoch ms of UTC days', async () => {
    const { backend, queryClient } = setUp();
    const dataset = await queryClient.fetchQuery(datasetQuery('org-3', 'capturedData', ['c2', 'c1'], frame));
    expect(rowsOfDataset(dataset)).toEqual([expect.objectContaining({ time: range.startDate + 1, step: 'Open', collection: null })]);
    expect(dataset.attributes.map((attribute) => attribute.name)).toContain('step');
    expect(backend.state.datasetRequests).toEqual([{ breakdown: 'capturedData', orgId: 'org-3', collectionIds: ['c2', 'c1'], ...range }]);
  });

  it("asks the feed for 'all' and botanalytics without testChainId when no collection is chosen", async () => {
    const { backend, queryClient } = setUp();
    expect(datasetRowCount(await queryClient.fetchQuery(datasetQuery('org-3', 'capturedData', [], frame)))).toBe(2);
    const analytics = await queryClient.fetchQuery(datasetQuery('org-3', 'analyticsData', [], frame));
    expect(rowsOfDataset(analytics)).toEqual([expect.objectContaining({ time: range.startDate + 3, collection: 'Checkout' })]);
    await queryClient.fetchQuery(datasetQuery('org-3', 'analyticsData', ['c2'], frame));
    expect(backend.state.datasetRequests.map(({ breakdown, collectionIds }) => ({ breakdown, collectionIds }))).toEqual([
      { breakdown: 'capturedData', collectionIds: [] },
      { breakdown: 'analyticsData', collectionIds: [] },
      { breakdown: 'analyticsData', collectionIds: ['c2'] },
    ]);
  });

  it('shares one request per key (collections in any order) and keeps it for DATASET_REFRESH_MS', async () => {
    const { backend, queryClient } = setUp();
    const first = datasetQuery('org-3', 'capturedData', ['c1', 'c9'], frame);
    const second = datasetQuery('org-3', 'capturedData', ['c9', 'c1'], frame);
    expect(second.queryKey).toEqual(first.queryKey);
    await Promise.all([queryClient.fetchQuery(first), queryClient.fetchQuery(second)]);
    await queryClient.fetchQuery(second);
    expect(backend.state.datasetRequests).toHaveLength(1);
    expect(first.staleTime).toBe(DATASET_REFRESH_MS);
  });

  it('stays disabled while the time frame lacks a date', () => {
    expect(datasetQuery('org-3', 'capturedData', [], { ...frame, toDate: null }).enabled).toBe(false);
    expect(datasetQuery('org-3', 'capturedData', [], frame).enabled).toBe(true);
  });
});
