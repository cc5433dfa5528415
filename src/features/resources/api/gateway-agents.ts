import { queryOptions } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { pollingOptions } from '../../../offline/polling';
import { POLL } from '../../../shared/constants';
import {
  gatewayAgentCreatedSchema,
  gatewayAgentListSchema,
  gatewayAgentRevokedSchema,
  type CreateGatewayAgent,
  type GatewayAgent,
  type GatewayAgentCreated,
} from '../../../shared/contracts/gateway-agents';
import { endpoints } from '../../../shared/endpoints';
import { resourcesKeys } from './resources-keys';

/** The organization's agent tokens, polled with the device statuses so Online follows the agents' heartbeats. */
export const gatewayAgentsQuery = () =>
  queryOptions({
    queryKey: resourcesKeys.gatewayAgents(),
    queryFn: async ({ signal }): Promise<GatewayAgent[]> => (await apiJson(endpoints.gatewayAgents.list, gatewayAgentListSchema, { signal })).data,
    ...pollingOptions(POLL.deviceStatusMs),
  });

/** The answer carries the agent token, sent this once only. */
export async function createGatewayAgent(agent: CreateGatewayAgent): Promise<GatewayAgentCreated> {
  return (await apiJson(endpoints.gatewayAgents.create, gatewayAgentCreatedSchema, { method: 'POST', json: agent })).data;
}

export async function revokeGatewayAgent(id: string): Promise<string> {
  return (await apiJson(endpoints.gatewayAgents.revoke(id), gatewayAgentRevokedSchema, { method: 'POST' })).message;
}
