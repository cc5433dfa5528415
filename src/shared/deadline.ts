/**
 * What `work` gives, unless `ms` pass first: then `late()` runs (it may stop what is stuck) and the error it returns is
 * thrown. The timer is cleared either way, so a settled `work` leaves nothing waiting.
 */
export async function withDeadline<T>(work: Promise<T>, ms: number, late: () => Error): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(late()), ms);
  });
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}
