import { useSyncExternalStore } from 'react';

/** The settings menu's popups that open over the current screen (spec part 1 §2 Header). */
export type SettingsPopup = 'manage-variable' | 'email-setup';

/**
 * Which settings popup is open. A store rather than the header's state because the embedded pages ask for the same
 * popup by message (spec part 1 §7), and they are pages, not parts of the header.
 */
let open: SettingsPopup | null = null;
const listeners = new Set<() => void>();

function set(value: SettingsPopup | null): void {
  if (open === value) return;
  open = value;
  listeners.forEach((listener) => listener());
}

export const settingsPopup = {
  get: (): SettingsPopup | null => open,
  open: (popup: SettingsPopup): void => set(popup),
  close: (): void => set(null),
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useSettingsPopup(): SettingsPopup | null {
  return useSyncExternalStore(settingsPopup.subscribe, settingsPopup.get);
}
