/**
 * The embedded page's 'recordPlaybackCollection' (spec part 1 §7) asks for the Record Collection modal, which the
 * recording feature owns and the shell may not import: the shell announces the request, the route hands it on.
 */
const listeners = new Set<() => void>();

export const recordPlaybackRequests = {
  request(): void {
    listeners.forEach((listener) => listener());
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
