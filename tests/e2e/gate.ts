import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An HTTP endpoint on 127.0.0.1 that holds every request until the test opens it. A run's httpRequest step
 * pointed at it stays on that step for as long as the test needs to watch the run in progress.
 */
export interface Gate {
  readonly url: string;
  /** How many requests are waiting at the gate now. */
  waiting(): number;
  /** Answers the waiting requests and every later one at once. */
  open(): void;
  close(): Promise<void>;
}

export async function startGate(): Promise<Gate> {
  const held: ServerResponse[] = [];
  let isOpen = false;
  const answer = (response: ServerResponse) => response.writeHead(200, { 'content-type': 'text/plain' }).end('gate open');
  const server = createServer((_request, response) => {
    if (isOpen) answer(response);
    else held.push(response);
  });
  await new Promise<void>((resolveListen) => server.listen(0, '127.0.0.1', resolveListen));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/gate`,
    waiting: () => held.length,
    open() {
      isOpen = true;
      held.splice(0).forEach(answer);
    },
    close() {
      held.splice(0).forEach((response) => response.destroy());
      server.closeAllConnections();
      return new Promise((resolveClose) => server.close(() => resolveClose()));
    },
  };
}
