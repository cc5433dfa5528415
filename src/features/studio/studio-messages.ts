/** Texts of spec part 1 §8 Collections and studio. */
export const STUDIO_MESSAGES = {
  executed: 'Test Suite Executed...',
  saveFailed: 'Unable to save Test suite',
  executeFailed: 'Unable to execute Test suite',
  resourceTypeChange: 'Are you sure (Resource Type Change)? This action will reset the collection!',
  nameTooltip: 'Letters, digits, underscore and hyphen; spaces are allowed after the first character.',
} as const;
