import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openNetworkLink, type NetworkLink } from './network-link';

const BODY_BYTES = 512 * 1024;
const body = Buffer.alloc(BODY_BYTES, 7);

describe('the network link between the browser and the server', () => {
  let server: Server;
  let link: NetworkLink;

  beforeAll(async () => {
    server = createServer((_request, response) => response.writeHead(200, { 'content-length': String(BODY_BYTES) }).end(body));
    await new Promise<void>((resolveListen) => server.listen(0, '127.0.0.1', resolveListen));
    link = await openNetworkLink({ host: '127.0.0.1', port: (server.address() as AddressInfo).port });
  });

  afterAll(async () => {
    await link.close();
    server.closeAllConnections();
    await new Promise((resolveClose) => server.close(resolveClose));
  });

  it('passes a response through whole and counts the bytes delivered', async () => {
    const before = link.bytesDelivered();
    const received = Buffer.from(await (await fetch(`${link.origin}/file`)).arrayBuffer());
    expect(received.equals(body)).toBe(true);
    expect(link.bytesDelivered() - before).toBeGreaterThanOrEqual(BODY_BYTES);
  });

  it('slows the bytes towards the browser to the rate it is given', async () => {
    link.setDownstreamRate(1024 * 1024);
    const started = Date.now();
    const received = await (await fetch(`${link.origin}/file`)).arrayBuffer();
    link.setDownstreamRate(Number.POSITIVE_INFINITY);
    expect(received.byteLength).toBe(BODY_BYTES);
    // Half a megabyte at one megabyte a second cannot arrive sooner than half a second.
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
  });

  it('breaks a response in flight when cut, refuses connections while cut, and carries them again once restored', async () => {
    link.setDownstreamRate(256 * 1024);
    const response = await fetch(`${link.origin}/file`);
    const reading = response.arrayBuffer();
    await new Promise((resolveWait) => setTimeout(resolveWait, 300));
    link.cut();
    await expect(reading).rejects.toThrow();
    await expect(fetch(`${link.origin}/file`)).rejects.toThrow();
    link.setDownstreamRate(Number.POSITIVE_INFINITY);
    link.restore();
    expect((await (await fetch(`${link.origin}/file`)).arrayBuffer()).byteLength).toBe(BODY_BYTES);
  });

  it('drops silently: requests in flight and new ones hang without an error; a dead connection gets a reset once restored', async () => {
    link.setDownstreamRate(64 * 1024);
    const settled = { slow: false };
    const slow = fetch(`${link.origin}/file`)
      .then((answer) => answer.arrayBuffer())
      .finally(() => (settled.slow = true));
    slow.catch(() => undefined);
    await new Promise((resolveWait) => setTimeout(resolveWait, 200));
    link.dropSilently();
    await expect(fetch(`${link.origin}/file`, { signal: AbortSignal.timeout(500) })).rejects.toThrow(/timeout|aborted/i);
    // A connection opened now is accepted, and then hears nothing.
    const { port } = new URL(link.origin);
    const dead = connect(Number(port), '127.0.0.1');
    const reset = new Promise<string>((resolveReset) => dead.once('error', (error: NodeJS.ErrnoException) => resolveReset(error.code ?? '')));
    await new Promise((resolveConnect) => dead.once('connect', resolveConnect));
    expect(settled.slow).toBe(false);

    link.setDownstreamRate(Number.POSITIVE_INFINITY);
    link.restore();
    dead.write('GET /file HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(await reset).toBe('ECONNRESET');
    expect((await (await fetch(`${link.origin}/file`, { headers: { connection: 'close' } })).arrayBuffer()).byteLength).toBe(BODY_BYTES);
    expect(settled.slow).toBe(false);
  });
});
