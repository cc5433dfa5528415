import { z } from '@hono/zod-openapi';
import { datasetQuerySchema, MAX_DATASET_RANGE_MS } from '../../shared/contracts/dashboards';
import { DAY_MS } from '../../shared/durations';

export const RANGE_TOO_WIDE_MESSAGE = `The range may span at most ${MAX_DATASET_RANGE_MS / DAY_MS} days: choose a shorter time frame.`;

const withinMaxRange = (query: { startDate: number; endDate: number }) => query.endDate - query.startDate <= MAX_DATASET_RANGE_MS;
const rangeRule = { message: RANGE_TOO_WIDE_MESSAGE, path: ['endDate'] };

/** startDate and endDate in epoch ms (part 3 §7), ordered, at most MAX_DATASET_RANGE_MS apart. */
export const datasetFeedQuerySchema = datasetQuerySchema.refine(withinMaxRange, rangeRule);

/** The same range, and testChainId: a comma list of collection ids (absent or empty: every collection). */
export const botAnalyticsQuerySchema = datasetQuerySchema
  .safeExtend({ testChainId: z.string().max(20_000).optional().openapi({ description: 'Comma list of collection ids; absent or empty reads every collection.' }) })
  .refine(withinMaxRange, rangeRule);

export const orgIdParam = z.string().min(1).max(64);
