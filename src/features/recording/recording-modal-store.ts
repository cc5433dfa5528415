import { useSyncExternalStore } from 'react';

/**
 * Whether the Record Collection modal shows, and which recording it follows (null: none started yet). A store because
 * the sidebar panel, the embedded page's 'recordPlaybackCollection' message and the resume on app start all open the
 * one modal the watcher renders. Hiding keeps the recording followed, so the panel can bring it back.
 */
export interface RecordingModalState {
  isOpen: boolean;
  recordingId: string | null;
}

const CLOSED: RecordingModalState = { isOpen: false, recordingId: null };
let state: RecordingModalState = CLOSED;
const listeners = new Set<() => void>();

function set(next: RecordingModalState): void {
  if (next.isOpen === state.isOpen && next.recordingId === state.recordingId) return;
  state = next;
  listeners.forEach((listener) => listener());
}

export const recordingModal = {
  get: (): RecordingModalState => state,
  open: (recordingId: string | null): void => set({ isOpen: true, recordingId }),
  /** The user put the modal away; the recording goes on. */
  hide: (): void => set({ ...state, isOpen: false }),
  /** The recording ended (or none started): nothing to follow. */
  close: (): void => set(CLOSED),
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useRecordingModal(): RecordingModalState {
  return useSyncExternalStore(recordingModal.subscribe, recordingModal.get);
}
