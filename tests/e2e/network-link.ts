import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

/**
 * A TCP link on 127.0.0.1 between the browser and the platform server that the test controls: it can be cut
 * (open connections are reset and new ones refused, as a dropped Wi-Fi would) and restored, and it can slow the
 * bytes flowing towards the browser so that a download lasts long enough to be cut several times.
 * Chromium's offline emulation alone does not reliably abort a response body that is already streaming.
 */
export interface NetworkLink {
  /** e.g. http://127.0.0.1:41234: the browser opens the app through this origin. */
  readonly origin: string;
  readonly isCut: boolean;
  /** Resets every open connection and refuses new ones until `restore()`. */
  cut(): void;
  /**
   * Lie-fi: from now until `restore()`, every byte in either direction is lost without a word, on open connections and
   * on new ones, which are accepted and then hear nothing. The browser is not told: its requests hang. A connection
   * that went dead stays dead after `restore()`, as one whose state the other end forgot: the next bytes the browser
   * sends on it get a reset.
   */
  dropSilently(): void;
  restore(): void;
  /** Bytes per second towards the browser, shared by all connections; Infinity for no limit. */
  setDownstreamRate(bytesPerSecond: number): void;
  /** Bytes delivered to the browser since the link opened. */
  bytesDelivered(): number;
  close(): Promise<void>;
}

interface Pair {
  browserSide: Socket;
  serverSide: Socket | null;
  /** Lost to a silent drop: nothing goes through any more. */
  dead: boolean;
  /** When the last chunk queued for the browser is delivered; the browser side ends only after it. */
  drainedAt: number;
}

export async function openNetworkLink(target: { host: string; port: number }): Promise<NetworkLink> {
  const pairs = new Set<Pair>();
  let isCut = false;
  let dropping = false;
  let rate = Number.POSITIVE_INFINITY;
  let nextSendAt = 0;
  let delivered = 0;

  const resetPair = (pair: Pair) => {
    pairs.delete(pair);
    pair.browserSide.resetAndDestroy();
    pair.serverSide?.destroy();
  };

  /** The server forgets the connection; the browser is told nothing. */
  const killSilently = (pair: Pair) => {
    pair.dead = true;
    pair.serverSide?.destroy();
    pair.serverSide = null;
  };

  /** Runs `step` once the chunks queued before it are out, unless the pair was reset meanwhile. */
  const inTurn = (pair: Pair, at: number, step: () => void) => {
    pair.drainedAt = Math.max(pair.drainedAt, at);
    const delay = at - Date.now();
    if (delay <= 0) step();
    else
      setTimeout(() => {
        if (pairs.has(pair)) step();
      }, delay);
  };

  /** Holds the server side while a chunk waits for its turn, so bytes keep their order and the rate holds. */
  const forward = (pair: Pair, serverSide: Socket, chunk: Buffer) => {
    const now = Date.now();
    const sendAt = Number.isFinite(rate) ? Math.max(now, nextSendAt) : now;
    if (Number.isFinite(rate)) nextSendAt = sendAt + (chunk.length / rate) * 1000;
    if (sendAt > now) serverSide.pause();
    inTurn(pair, sendAt, () => {
      if (pair.dead) return;
      delivered += chunk.length;
      pair.browserSide.write(chunk);
      serverSide.resume();
    });
  };

  const server = createServer((browserSide) => {
    if (isCut) {
      browserSide.resetAndDestroy();
      return;
    }
    const pair: Pair = { browserSide, serverSide: null, dead: dropping, drainedAt: 0 };
    pairs.add(pair);
    const drop = () => {
      if (pairs.has(pair)) resetPair(pair);
    };
    browserSide.on('data', (chunk: Buffer) => {
      if (!pair.dead) pair.serverSide?.write(chunk);
      else if (!dropping) resetPair(pair);
    });
    browserSide.on('error', drop);
    browserSide.on('close', () => {
      pairs.delete(pair);
      pair.serverSide?.destroy();
    });
    if (pair.dead) return;
    const serverSide = connect(target.port, target.host);
    pair.serverSide = serverSide;
    serverSide.on('data', (chunk: Buffer) => {
      if (!pair.dead) forward(pair, serverSide, chunk);
    });
    serverSide.on('end', () => {
      if (!pair.dead) inTurn(pair, pair.drainedAt, () => browserSide.end());
    });
    browserSide.on('end', () => serverSide.end());
    serverSide.on('error', () => {
      if (!pair.dead) drop();
    });
  });
  await new Promise<void>((resolveListen) => server.listen(0, '127.0.0.1', resolveListen));
  const { port } = server.address() as AddressInfo;

  return {
    origin: `http://127.0.0.1:${port}`,
    get isCut() {
      return isCut;
    },
    cut() {
      isCut = true;
      [...pairs].forEach(resetPair);
    },
    dropSilently() {
      dropping = true;
      [...pairs].forEach(killSilently);
    },
    restore() {
      isCut = false;
      dropping = false;
    },
    setDownstreamRate(bytesPerSecond) {
      rate = bytesPerSecond;
      nextSendAt = Date.now();
    },
    bytesDelivered: () => delivered,
    close() {
      [...pairs].forEach(resetPair);
      return new Promise((resolveClose) => server.close(() => resolveClose()));
    },
  };
}
