import { createServer, get, Agent } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { closeServer } from './app';

describe('stopping the server', () => {
  it("lets a request in flight finish, then closes its keep-alive connection at once, not at the keep-alive's end", async () => {
    let release = () => undefined as void;
    const released = new Promise<void>((resolveRelease) => (release = resolveRelease));
    let inFlight = () => undefined as void;
    const arrived = new Promise<void>((resolveArrived) => (inFlight = resolveArrived));
    const server = createServer((_request, response) => {
      inFlight();
      void released.then(() => response.end('done'));
    });
    // As the platform's server: a keep-alive longer than any test's limit.
    server.keepAliveTimeout = 65_000;
    await new Promise<void>((resolveListen) => server.listen(0, '127.0.0.1', resolveListen));
    const agent = new Agent({ keepAlive: true });
    const answer = new Promise<string>((resolveAnswer, reject) => {
      get({ host: '127.0.0.1', port: (server.address() as AddressInfo).port, agent }, (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolveAnswer(text));
      }).on('error', reject);
    });
    await arrived;
    let closed = false;
    const closing = closeServer(server).then(() => (closed = true));
    release();
    expect(await answer).toBe('done');
    // Node leaves the answered connection open while idle: closing waits for it unless it is closed (65 s, past the
    // test's limit, without the sweep).
    await closing;
    expect(closed).toBe(true);
    agent.destroy();
  });
});
