import { queryOptions } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { interactiveBotListResponseSchema, type InteractiveBot } from '../../../shared/contracts/interactive-bots';
import { endpoints } from '../../../shared/endpoints';
import { interactiveBotsKeys } from './interactive-bots-keys';

/** GET {controlroom}/interactive/config (spec part 2 §7): the bots that are not deleted. */
export const interactiveBotsQuery = () =>
  queryOptions({
    queryKey: interactiveBotsKeys.list(),
    queryFn: async ({ signal }): Promise<InteractiveBot[]> =>
      (await apiJson(endpoints.interactiveBots.config, interactiveBotListResponseSchema, { signal })).data,
  });
