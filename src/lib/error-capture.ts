import type { FrontendLogKind } from '../shared/contracts/frontend-logs';

/** An error as the page caught it, before the reporter shapes, scrubs and sends it. */
export interface CapturedError {
  kind: FrontendLogKind;
  error: unknown;
  scriptUrl?: string | undefined;
  line?: number | undefined;
  column?: number | undefined;
  at: number;
  route: string;
}

type Report = (captured: CapturedError) => void;

/**
 * This module is in the entry of every page (the sign-in page's too), so it only listens; the reporter, which shapes,
 * scrubs, batches and sends, is loaded with the first error. If even that chunk cannot load (the server is gone, a
 * deploy removed the old files), the error is dropped: there is nobody to tell.
 */
let reporter: Promise<Report | null> | null = null;

export function captureError(kind: FrontendLogKind, error: unknown, where: Pick<CapturedError, 'scriptUrl' | 'line' | 'column'> = {}): void {
  const captured: CapturedError = { kind, error, ...where, at: Date.now(), route: window.location.pathname };
  reporter ??= import('./error-reporter').then(
    (module) => module.reportCapturedError,
    () => null,
  );
  void reporter.then((report) => report?.(captured));
}

/** Uncaught errors, unhandled rejections and chunks that failed to load (Vite's vite:preloadError). */
export function installErrorCapture(target: Window = window): void {
  target.addEventListener('error', (event) => captureError('error', event.error ?? event.message, { scriptUrl: event.filename, line: event.lineno, column: event.colno }));
  target.addEventListener('unhandledrejection', (event) => captureError('unhandledrejection', event.reason));
  target.addEventListener('vite:preloadError', (event) => captureError('chunk-load', (event as Event & { payload?: unknown }).payload));
}

interface RouterWithErrors {
  subscribe(event: 'onResolved', listener: () => void): () => void;
  state: { matches: readonly { status: string; error?: unknown }[] };
}

/**
 * Route failures (a loader, a guard, a route chunk that did not load): the router keeps them in its state and shows
 * its error screen instead of throwing them to the window. Each failure is reported once.
 */
export function captureRouterErrors(router: RouterWithErrors): () => void {
  const reported = new WeakSet<object>();
  return router.subscribe('onResolved', () => {
    for (const match of router.state.matches) {
      const { error } = match;
      if (match.status !== 'error' || (typeof error === 'object' && error !== null && reported.has(error))) continue;
      if (typeof error === 'object' && error !== null) reported.add(error);
      captureError('router', error);
    }
  });
}
