import { VARIABLE_LIMITS, VARIABLE_MESSAGES } from '../../shared/contracts/variables';

/** Texts of spec part 2 §4, §5 and §8 for Manage Variables; those the server answers with too come from the contract. */
export const VARIABLES_TEXT = {
  title: 'Manage Variables',
  saved: VARIABLE_MESSAGES.saved,
  removed: VARIABLE_MESSAGES.removed,
  loadFailed: VARIABLE_MESSAGES.loadFailed,
  inUse: VARIABLE_MESSAGES.inUse,
  updateConfirm: (collections: readonly string[]) => `Following Collections [${collections.join(', ')}] will be effected, Are you sure?`,
  removeConfirm: (name: string) => `Are you sure you want to remove ${name}?`,
  poolingWarning: 'Please ensure all the resource should be identical while selecting multiple resource!',
  required: 'Required',
  alreadyExists: 'Already Exists',
  namePattern: 'Letters, digits and underscores only',
  nameTooLong: `At most ${VARIABLE_LIMITS.name} characters`,
  excelOnly: VARIABLE_MESSAGES.excelOnly,
  tooManyResources: (limit: number) => (limit === 1 ? 'Choose one resource' : `Choose at most ${limit} resources`),
} as const;

/** §4: the pooling warning closes itself after this long. */
export const POOLING_WARNING_MS = 5_000;
/** §9: a variable in use stays highlighted this long. */
export const IN_USE_HIGHLIGHT_MS = 5_000;
