/** The "Start here" card shows while the organisation has fewer runs than this (issue 19). */
export const START_HERE_RUN_LIMIT = 3;

export const LANDING_TEXTS = {
  startHere: 'Start here',
  runDemo: 'Run the demo collection',
  openStudio: 'Open the Studio',
  makeSchedule: 'Make a schedule',
  noSchedules: 'No schedule is coming up.',
  noResources: 'No resource is registered.',
  demoMissing: (name: string) => `The demo collection ${name} is not in your collections any more.`,
} as const;

/** Whether the card still helps: runs known to the status feed (active ones and the last completed) are fewer than the limit. */
export function showsStartHere(knownRuns: number): boolean {
  return knownRuns < START_HERE_RUN_LIMIT;
}
