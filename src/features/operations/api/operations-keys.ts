import type { SummarySearch } from '../../../shared/contracts/operations';
import type { FlakyFlowsQuery } from '../../../shared/contracts/flakiness';
import type { ExecutionCriteria } from '../search-forms';

/** Query keys of the Operations Centre. */
export const operationsKeys = {
  all: ['operations'] as const,
  runSearch: (criteria: ExecutionCriteria) => [...operationsKeys.all, 'run-search', criteria] as const,
  queue: () => [...operationsKeys.all, 'queue'] as const,
  resources: () => [...operationsKeys.all, 'resources'] as const,
  tags: () => [...operationsKeys.all, 'tags'] as const,
  scheduleSummary: (search: SummarySearch) => [...operationsKeys.all, 'schedule-summary', search] as const,
  testSuiteSummary: (search: SummarySearch) => [...operationsKeys.all, 'test-suite-summary', search] as const,
  flakyFlows: (range: FlakyFlowsQuery) => [...operationsKeys.all, 'flaky-flows', range] as const,
  scheduleSummaryDetail: (id: string) => [...operationsKeys.all, 'schedule-summary-detail', id] as const,
};
