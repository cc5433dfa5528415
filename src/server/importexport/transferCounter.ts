/** Bytes of export files handed to the network, per file (its ETag), since the server started. */
export interface TransferTotals {
  bytesSent: number;
  requests: number;
}

export interface TransferCounter {
  /** A new request for the file `etag`; the returned function records each chunk sent for it. */
  startRequest(etag: string): (bytes: number) => void;
  totals(etag: string): TransferTotals;
}

export function createTransferCounter(): TransferCounter {
  const totalsByEtag = new Map<string, TransferTotals>();

  function totalsOf(etag: string): TransferTotals {
    let totals = totalsByEtag.get(etag);
    if (!totals) {
      totals = { bytesSent: 0, requests: 0 };
      totalsByEtag.set(etag, totals);
    }
    return totals;
  }

  return {
    startRequest(etag) {
      const totals = totalsOf(etag);
      totals.requests += 1;
      return (bytes) => {
        totals.bytesSent += bytes;
      };
    },
    totals: (etag) => ({ ...totalsOf(etag) }),
  };
}

const counters = new WeakMap<object, TransferCounter>();

/** One counter per running server (keyed by its services), shared by the export and the diagnostics endpoints. */
export function transferCounterOf(server: object): TransferCounter {
  let counter = counters.get(server);
  if (!counter) {
    counter = createTransferCounter();
    counters.set(server, counter);
  }
  return counter;
}
