import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiJson } from '../../../lib/api-client';
import { pollingOptions } from '../../../offline/polling';
import { POLL } from '../../../shared/constants';
import { queuedTestsResponseSchema, type queuedTestSchema } from '../../../shared/contracts/runs';
import { endpoints } from '../../../shared/endpoints';
import { OPERATIONS_TEXTS } from '../operations-messages';
import { operationsKeys } from './operations-keys';

/** §3 Queued test suite: id, testSuiteName, devices (resource ids), timeTriggered. */
export type QueuedRun = z.infer<typeof queuedTestSchema>;

/** GET {automation}/testSuite/getQueuedTests, newest trigger first, polled every 15 s from the first render (part 2 §4). */
export const queuedRunsQuery = () =>
  queryOptions({
    queryKey: operationsKeys.queue(),
    queryFn: async ({ signal }) => {
      const { data } = await apiJson(endpoints.runs.queued, queuedTestsResponseSchema, { signal, fallbackMessage: OPERATIONS_TEXTS.queueLoadFailed });
      return data.sort((a, b) => Date.parse(b.timeTriggered) - Date.parse(a.timeTriggered));
    },
    ...pollingOptions(POLL.operationsQueueMs),
  });
