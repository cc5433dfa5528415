/**
 * `work`, one run at a time. A request while a run is in progress joins it and makes it run once more, so every
 * request ends after a run that began after it: a run that read the world before a change never has the last word.
 * (The gateway agent's link.oneAtATime drops a call made while its task runs; this one never drops a request.)
 */
export interface Coalescing {
  request(): Promise<void>;
  /** Settles once no run is in progress (a stopping service waits for it). */
  idle(): Promise<void>;
}

export function coalescing(work: () => Promise<void>): Coalescing {
  let running: Promise<void> | undefined;
  let again = false;
  return {
    request() {
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        try {
          do {
            again = false;
            await work();
          } while (again);
        } finally {
          // Cleared in the same step as the last check of `again`: a request cannot slip in between and be lost.
          running = undefined;
        }
      })();
      return running;
    },
    async idle() {
      await running?.catch(() => undefined);
    },
  };
}
