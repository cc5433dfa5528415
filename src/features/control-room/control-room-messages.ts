import { SCHEDULE_MESSAGES } from '../../shared/contracts/schedules';

/** Texts of spec part 2 §2, §5 and §8 for the Control Room; those the server answers with too come from the contract. */
export const CONTROL_ROOM_MESSAGES = {
  startingExecution: SCHEDULE_MESSAGES.startingExecution,
  scheduleSaved: SCHEDULE_MESSAGES.saved,
  scheduleDeleted: SCHEDULE_MESSAGES.deleted,
  scheduleCancelled: SCHEDULE_MESSAGES.cancelled,
  required: SCHEDULE_MESSAGES.required,
  onlyDigits: SCHEDULE_MESSAGES.onlyDigits,
  /** A count of "0": digits, but no run would ever happen. */
  atLeastOne: 'Must be at least 1',
  selectTag: 'Select at least one tag or version',
  upToSixDigits: SCHEDULE_MESSAGES.upToSixDigits,
  stepTimeoutRange: SCHEDULE_MESSAGES.stepTimeoutRange,
  endBeforeStart: SCHEDULE_MESSAGES.endNotAfterStart,
  confirmDelete: 'Are you sure you want to delete',
  missingValidInfo: 'Schedule Missing Valid Info',
  fillAllRequiredFields: 'Fill All Required Fields',
  runtimeConfigLoadFailed: 'Something went wrong, please try again',
  confirmStopSchedule: 'Are you sure you want to stop schedule.',
  cancelFailed: (message: string) => `Error while cancelling the schedule execution! ${message}`,
  queueLoadFailed: 'Unable to load queued schedule data, please try again.',
  exportHtmlFailed: 'Something went wrong, unable to export HTML Report',
  copyOf: (name: string) => `Copy of ${name}`,
  invalidEmails: 'Enter e-mail addresses separated by commas or semicolons',
  startInPast: 'The start time must not be in the past',
} as const;
