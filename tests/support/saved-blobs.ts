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

/** Captures the downloads the page starts through a temporary link (lib/save-blob.ts saveUrl): where and under what name. */
export function captureSavedLinks(): { href: string; download: string }[] {
  const saved: { href: string; download: string }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.getAttribute('href') ?? '', download: this.download });
  });
  return saved;
}
