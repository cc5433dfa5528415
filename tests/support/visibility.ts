/** Plays the page being hidden or shown: document.visibilityState and the visibilitychange event (which React Query hears on window). */
export function setVisibility(value: DocumentVisibilityState): void {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => value });
  document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
}

/** Back to the environment's own visibilityState. */
export function restoreVisibility(): void {
  Reflect.deleteProperty(document, 'visibilityState');
}
