import { readFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import { createRoute } from '@hono/zod-openapi';
import {
  DEVICE_CONTROL_PROBE_TIMEOUT_MS,
  deviceControlProbeQuerySchema,
  deviceControlProbeResponseSchema,
} from '../../../shared/contracts/clients';
import { flags, parseStudioConfig } from '../../../shared/config';
import { endpoints } from '../../../shared/endpoints';
import { ApiError } from '../../http/apiError';
import type { Api } from '../../services';

/** The device control port the app's runtime config names (as the page reads it), 7100 by default. */
async function configuredPort(publicDir: string): Promise<number> {
  const raw = await readFile(join(publicDir, 'assets', 'studio_config.json'), 'utf8').then(
    (text) => JSON.parse(text) as unknown,
    () => null,
  );
  return flags.deviceControlPort(parseStudioConfig(raw));
}

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

export function registerProbeDeviceControl({ app, endpoint, services }: Api): void {
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
    // Only the deployment's own device control port: any other would make this a port scanner of the server's loopback.
    const allowed = await configuredPort(services.publicDir);
    if (port !== allowed) throw new ApiError(400, `Only the device control port of this deployment (${allowed}) can be probed.`);
    const reachable = await accepts(PROBED_HOST, port, DEVICE_CONTROL_PROBE_TIMEOUT_MS);
    return c.json({ success: true as const, reachable, host: PROBED_HOST, port }, 200);
  });
}
