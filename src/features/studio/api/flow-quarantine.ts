import { queryOptions } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import {
  flowQuarantineResponseSchema,
  flowQuarantinesResponseSchema,
  type FlowQuarantine,
  type FlowQuarantineResponse,
  type QuarantineFlowRequest,
  type ReleaseFlowRequest,
} from '../../../shared/contracts/quarantine';
import { endpoints } from '../../../shared/endpoints';
import { studioKeys } from './studio-keys';

/** The flows of a collection ever quarantined, by flow id (issue 29). */
export const flowQuarantinesQuery = (collectionId: string) =>
  queryOptions({
    queryKey: studioKeys.quarantines(collectionId),
    queryFn: async ({ signal }): Promise<Map<string, FlowQuarantine>> => {
      const query = new URLSearchParams({ collectionId });
      const { data } = await apiJson(`${endpoints.quarantine.list}?${query.toString()}`, flowQuarantinesResponseSchema, { signal });
      return new Map(data.quarantines.map((quarantine) => [quarantine.flowId, quarantine]));
    },
  });

/** Whether the flow is in quarantine now. */
export const isInQuarantine = (quarantine: FlowQuarantine | undefined): quarantine is FlowQuarantine => quarantine !== undefined && quarantine.released === null;

export function quarantineFlow(request: QuarantineFlowRequest): Promise<FlowQuarantineResponse> {
  return apiJson(endpoints.quarantine.quarantineFlow, flowQuarantineResponseSchema, { method: 'POST', json: request });
}

export function releaseFlow(request: ReleaseFlowRequest): Promise<FlowQuarantineResponse> {
  return apiJson(endpoints.quarantine.releaseFlow, flowQuarantineResponseSchema, { method: 'POST', json: request });
}
