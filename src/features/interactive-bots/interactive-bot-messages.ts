/** The tab's load failure; the spec names none for bots, so it follows 'Unable to load Variables' (part 2 §8). */
export const INTERACTIVE_BOTS_LOAD_FAILED = 'Unable to load Interactive Bots';
