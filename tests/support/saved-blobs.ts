import { vi } from 'vitest';

/** Captures what the page saves through a temporary object URL (lib/save-blob.ts); restore with vi.restoreAllMocks. */
export function captureSavedBlobs(): Blob[] {
  const saved: Blob[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    if (blob instanceof Blob) saved.push(blob);
    return 'blob:saved';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  return saved;
}
