/**
 * The runs triggered from this tab (Studio's Run, the landing page's Start here) whose end the user should hear about.
 * Kept per tab in memory: a run started in another tab, by a schedule or by a colleague ends silently here.
 */
const watched = new Set<string>();

export const watchedRuns = {
  add: (statusId: string): void => void watched.add(statusId),
  has: (statusId: string): boolean => watched.has(statusId),
  /** Forgets a run; true when it was watched. */
  take: (statusId: string): boolean => watched.delete(statusId),
  size: (): number => watched.size,
};
