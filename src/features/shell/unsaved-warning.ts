/** localStorage key remembering 'Do not show this message again' on the unsaved-data dialog. */
export const UNSAVED_WARNING_DISABLED_KEY = 'unsavedDataWarningDisabled';

export function isUnsavedWarningDisabled(): boolean {
  return localStorage.getItem(UNSAVED_WARNING_DISABLED_KEY) === 'true';
}

export function disableUnsavedWarning(): void {
  localStorage.setItem(UNSAVED_WARNING_DISABLED_KEY, 'true');
}
