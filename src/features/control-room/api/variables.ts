import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { configQueryOptions } from '../../../lib/config';
import { flags } from '../../../shared/config';
import { variableListResponseSchema, type Variable } from '../../../shared/contracts/variables';
import { endpoints } from '../../../shared/endpoints';
import { controlRoomKeys } from './control-room-keys';

/** GET {controlroom}/bot/variables/list: the organization's variables (Excel ones only for DATASOURCE_INPUT holders). */
export const variablesQuery = () =>
  queryOptions({
    queryKey: controlRoomKeys.variables(),
    queryFn: async ({ signal }): Promise<Variable[]> => (await apiJson(endpoints.variables.list, variableListResponseSchema, { signal })).data.variables,
  });

/**
 * The variables the runtime configuration offers: Resource variables for the override pairs (under
 * VariableManagement.resourceVariableFeature) and Excel variables for Override Datasource.
 */
export function useOverrideVariables(): { resourceVariables: Variable[]; excelVariables: Variable[] } {
  const { data: config = {} } = useQuery(configQueryOptions);
  const { data: variables = [] } = useQuery(variablesQuery());
  return {
    resourceVariables: flags.resourceVariables(config) ? variables.filter((variable) => variable.valueType === 'Resource') : [],
    excelVariables: variables.filter((variable) => variable.valueType === 'Excel'),
  };
}
