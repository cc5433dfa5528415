import { STORAGE_KEYS } from './session';

export function isUnsavedWarningDisabled(): boolean {
  return localStorage.getItem(STORAGE_KEYS.unsavedWarningDisabled) === 'true';
}

export function disableUnsavedWarning(): void {
  localStorage.setItem(STORAGE_KEYS.unsavedWarningDisabled, 'true');
}
