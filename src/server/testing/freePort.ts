import { createServer } from 'node:net';

/**
 * A loopback port nobody listens on now, for a process that takes a port number rather than 0 (PostgreSQL, Appium, a
 * browser's debugging port). Another process may take it first: callers that can retry do.
 */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no free port on 127.0.0.1'))));
    });
  });
}
