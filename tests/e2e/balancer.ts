import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An HTTP load balancer on 127.0.0.1 in front of server replicas, as a team would run nginx or HAProxy: requests go
 * round-robin, and a request whose replica refuses the connection (a killed one) goes to the next. Bodies are buffered,
 * so a request can be sent again; that is enough for API calls and heartbeats.
 */
export interface Balancer {
  readonly url: string;
  close(): Promise<void>;
}

export async function startBalancer(backends: readonly string[]): Promise<Balancer> {
  let next = 0;

  function forward(backend: string, incoming: IncomingMessage, body: Buffer, outgoing: ServerResponse, onRefused: () => void): void {
    const target = new URL(incoming.url ?? '/', backend);
    const upstream = request(target, { method: incoming.method, headers: { ...incoming.headers, host: target.host } }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    });
    upstream.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED' && !outgoing.headersSent) onRefused();
      else outgoing.destroy(error);
    });
    upstream.end(body);
  }

  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks);
      const tryFrom = (attempt: number) => {
        if (attempt >= backends.length) {
          outgoing.writeHead(502).end('No replica answers');
          return;
        }
        const backend = backends[(next + attempt) % backends.length] ?? '';
        forward(backend, incoming, body, outgoing, () => tryFrom(attempt + 1));
      };
      next = (next + 1) % backends.length;
      tryFrom(0);
    });
  });
  await new Promise<void>((resolveListen) => server.listen(0, '127.0.0.1', resolveListen));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolveClose) => {
        server.closeAllConnections();
        server.close(() => resolveClose());
      }),
  };
}
