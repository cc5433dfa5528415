import { queryOptions } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { deviceControlProbeResponseSchema } from '../../../shared/contracts/clients';
import { endpoints } from '../../../shared/endpoints';

export const deviceControlKeys = {
  all: ['device-control'] as const,
  probe: (port: number) => [...deviceControlKeys.all, 'probe', port] as const,
};

/**
 * Whether anything answers on the device control port, asked of the server: a browser probe of a closed port (or one
 * the app's connect-src does not list) logs an error in the console, which the page must not do.
 */
export const deviceControlProbeQuery = (port: number) =>
  queryOptions({
    queryKey: deviceControlKeys.probe(port),
    queryFn: async ({ signal }) => (await apiJson(`${endpoints.clients.deviceControlProbe}?port=${port}`, deviceControlProbeResponseSchema, { signal })).reachable,
    // Retry is the user's: a port that refused now is asked again only on Retry or a new visit.
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
