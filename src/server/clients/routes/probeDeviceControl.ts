import { connect } from 'node:net';
import { createRoute } from '@hono/zod-openapi';
import {
  DEVICE_CONTROL_PROBE_TIMEOUT_MS,
  deviceControlProbeQuerySchema,
  deviceControlProbeResponseSchema,
} from '../../../shared/contracts/clients';
import { endpoints } from '../../../shared/endpoints';
import type { Api } from '../../services';

/** Whether host:port accepts a TCP connection within the timeout. */
function accepts(host: string, port: number, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const finish = (reachable: boolean) => {
      socket.destroy();
      resolve(reachable);
    };
    socket.setTimeout(timeoutMs, () => finish(false));
    socket.once('connect', () => finish(true));
    socket.once('error', () => finish(false));
  });
}

/**
 * The page embeds port 7100 of the host the browser reached this server on, which is this machine: the server
 * connects to its own loopback. Connecting to the Host header's name instead would let a caller aim it anywhere.
 */
const PROBED_HOST = '127.0.0.1';

export function registerProbeDeviceControl({ app, endpoint }: Api): void {
  const route = endpoint(
    'authenticated',
    createRoute({
      method: 'get',
      path: endpoints.clients.deviceControlProbe,
      tags: ['Clients'],
      summary: 'Whether DeviceFarmer STF answers on the device control port of this host',
      description:
        'The device control page embeds port 7100 of the host the browser used. A browser probe of a closed port logs ' +
        'a network error in the console, so the server connects to its own loopback instead.',
      request: { query: deviceControlProbeQuerySchema },
      responses: { 200: { description: 'The answer.', content: { 'application/json': { schema: deviceControlProbeResponseSchema } } } },
    }),
  );

  app.openapi(route, async (c) => {
    const { port } = c.req.valid('query');
    const reachable = await accepts(PROBED_HOST, port, DEVICE_CONTROL_PROBE_TIMEOUT_MS);
    return c.json({ success: true as const, reachable, host: PROBED_HOST, port }, 200);
  });
}
