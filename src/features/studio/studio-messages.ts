/** Texts of spec part 1 §8 Collections and studio. */
export const STUDIO_MESSAGES = {
  executed: 'Test Suite Executed...',
  saveFailed: 'Unable to save Test suite',
  executeFailed: 'Unable to execute Test suite',
  resourceTypeChange: 'Are you sure (Resource Type Change)? This action will reset the collection!',
  nameTooltip: 'Letters, digits, underscore and hyphen; spaces are allowed after the first character.',
  /** Run with unsaved edits (issue 27; the spec has no such question). */
  runChoiceTitle: 'Run unsaved changes?',
  runChoice: 'Save your changes and run them, or run the saved version?',
  runChoiceCannotSave: 'Your changes cannot be saved yet: complete the marked fields first, or run the saved version.',
  /** Save and run, saved offline: the server runs only what it has. */
  runAfterSync: 'Saved offline: Run once the collection has synced.',
  /** Save asked for (Ctrl+S, or a refusal of step fields) while fields are incomplete. */
  completeFields: 'Complete the marked fields to save.',
} as const;

/** "2 fields to complete before saving": why Save is disabled. */
export function fieldsToCompleteText(count: number): string {
  return `${count} ${count === 1 ? 'field' : 'fields'} to complete before saving`;
}
