import { queryOptions } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { executableTestSuitesResponseSchema, type ExecutableTestSuite } from '../../../shared/contracts/schedules';
import { endpoints } from '../../../shared/endpoints';
import { controlRoomKeys } from './control-room-keys';

/** GET {controlroom}/schedule/getExecutableTestSuites: suites by name with their versions and tags (tagCollectionData). */
export const executableTestSuitesQuery = () =>
  queryOptions({
    queryKey: controlRoomKeys.executableTestSuites(),
    queryFn: async ({ signal }): Promise<ExecutableTestSuite[]> =>
      (await apiJson(endpoints.schedules.executableTestSuites, executableTestSuitesResponseSchema, { signal })).data,
  });
