import { FRONTEND_LOG_LIMITS, type FrontendLogEntry, type FrontendLogKind } from '../shared/contracts/frontend-logs';
import { endpoints } from '../shared/endpoints';
import { scrubText, truncateText, urlWithoutQuery } from '../shared/log-scrub';
import type { CapturedError } from './error-capture';
import { getSession } from './session';

export const REPORTER_LIMITS = {
  /** Errors close together go in one report. */
  batchDelayMs: 2_000,
  /** Entries one page sends in its whole life: a page in an error loop stops there. */
  entriesPerPage: 20,
  /**
   * Times one error (same kind, message and place) is sent per page: when first seen, and once more with the count of
   * its repeats when the page is hidden or closed. A loop of one error costs two entries, however long it runs.
   */
  sendsPerError: 2,
  /** Entries kept while the server cannot be reached (the network dropped), sent with the next report that goes through. */
  keptWhileOffline: 5,
} as const;

/** Messages of a script or style chunk that did not load, whichever way the failure reached us. */
const CHUNK_LOAD_FAILURE = /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|Failed to load module script/i;

function messageOf(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error) {
    const message = error.message === '' ? error.name : `${error.name}: ${error.message}`;
    return error.stack ? { message, stack: error.stack } : { message };
  }
  if (typeof error === 'string') return { message: error };
  if (error instanceof Event) return { message: `${error.type} event on ${(error.target as Element | null)?.tagName?.toLowerCase() ?? 'the page'}` };
  try {
    return { message: JSON.stringify(error) ?? String(error) };
  } catch {
    return { message: String(error) };
  }
}

/** The entry the server takes: scrubbed of tokens and personal data, cut to the contract's sizes, query strings dropped. */
export function entryOf(captured: CapturedError): FrontendLogEntry {
  const { message, stack } = messageOf(captured.error);
  const kind: FrontendLogKind = CHUNK_LOAD_FAILURE.test(message) ? 'chunk-load' : captured.kind;
  const entry: FrontendLogEntry = {
    kind,
    message: truncateText(scrubText(message.trim() || '(no message)'), FRONTEND_LOG_LIMITS.messageChars),
    route: truncateText(urlWithoutQuery(captured.route), FRONTEND_LOG_LIMITS.urlChars),
    at: captured.at,
    repeats: 1,
  };
  if (stack) entry.stack = truncateText(scrubText(stack), FRONTEND_LOG_LIMITS.stackChars);
  if (captured.scriptUrl) entry.scriptUrl = truncateText(urlWithoutQuery(captured.scriptUrl), FRONTEND_LOG_LIMITS.urlChars);
  if (captured.line !== undefined && captured.line > 0) entry.line = captured.line;
  if (captured.column !== undefined && captured.column > 0) entry.column = captured.column;
  return entry;
}

const fingerprintOf = (entry: FrontendLogEntry) => [entry.kind, entry.message, entry.scriptUrl ?? '', entry.line ?? '', entry.column ?? ''].join('\u0000');

export interface ErrorReporterOptions {
  fetch?: typeof fetch;
  now?: () => number;
  /** The page's events: `online` retries what the network kept back, `pagehide` and hidden visibility send the repeats. */
  target?: Window;
}

/**
 * Sends captured errors to POST logs/fe/angular: batched, each error folded with its repeats, within the per-page caps
 * of REPORTER_LIMITS, and quiet for as long as the server's Retry-After asks. It posts with plain fetch (the access
 * token when there is one), never through the API client: an error report must not start a token refresh or a
 * sign-out of its own.
 */
export function createErrorReporter({ fetch: send = (...args) => fetch(...args), now = Date.now, target = window }: ErrorReporterOptions = {}) {
  const pending = new Map<string, FrontendLogEntry>();
  /** Repeats of errors already sent, to go once more when the page is hidden. */
  const repeatsSinceSent = new Map<string, FrontendLogEntry>();
  const sends = new Map<string, number>();
  let keptOffline: FrontendLogEntry[] = [];
  let budget: number = REPORTER_LIMITS.entriesPerPage;
  let quietUntil = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function post(entries: FrontendLogEntry[]): Promise<void> {
    if (entries.length === 0 || now() < quietUntil) return;
    const token = getSession()?.token;
    let response: Response;
    try {
      response = await send(endpoints.auth.frontendLogs, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ entries }),
        // Lets a report made as the page closes still leave.
        keepalive: true,
      });
    } catch {
      // No answer: kept for the next report that goes through, a few only.
      keptOffline = [...keptOffline, ...entries].slice(0, REPORTER_LIMITS.keptWhileOffline);
      return;
    }
    if (response.status === 429) quietUntil = now() + Number(response.headers.get('retry-after') ?? '60') * 1000;
  }

  /** Sends what is pending (and what the network kept back before), in reports of the contract's size. */
  async function flush(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    const entries = [...keptOffline, ...pending.values()];
    keptOffline = [];
    pending.clear();
    for (let start = 0; start < entries.length; start += FRONTEND_LOG_LIMITS.entriesPerReport) {
      await post(entries.slice(start, start + FRONTEND_LOG_LIMITS.entriesPerReport));
    }
  }

  function report(captured: CapturedError): void {
    const entry = entryOf(captured);
    const fingerprint = fingerprintOf(entry);
    const waiting = pending.get(fingerprint) ?? repeatsSinceSent.get(fingerprint);
    if (waiting) {
      waiting.repeats = Math.min(waiting.repeats + 1, FRONTEND_LOG_LIMITS.maxRepeats);
      return;
    }
    const sent = sends.get(fingerprint) ?? 0;
    if (budget === 0 || now() < quietUntil) return;
    if (sent > 0) {
      // Seen and sent before: counted, and sent with its count when the page is hidden.
      if (sent < REPORTER_LIMITS.sendsPerError) repeatsSinceSent.set(fingerprint, entry);
      return;
    }
    budget -= 1;
    sends.set(fingerprint, 1);
    pending.set(fingerprint, entry);
    if (pending.size >= FRONTEND_LOG_LIMITS.entriesPerReport) void flush();
    else timer ??= setTimeout(() => void flush(), REPORTER_LIMITS.batchDelayMs);
  }

  /** The page is going away or out of sight: what is pending and the counted repeats go now. */
  function sendRepeats(): void {
    for (const [fingerprint, entry] of repeatsSinceSent) {
      if (budget === 0) break;
      budget -= 1;
      sends.set(fingerprint, (sends.get(fingerprint) ?? 0) + 1);
      pending.set(`${fingerprint}\u0000repeats`, entry);
    }
    repeatsSinceSent.clear();
    void flush();
  }

  const onOnline = () => void flush();
  const onVisibility = () => {
    if (target.document.visibilityState === 'hidden') sendRepeats();
  };
  target.addEventListener('online', onOnline);
  target.addEventListener('pagehide', sendRepeats);
  target.document.addEventListener('visibilitychange', onVisibility);

  return {
    report,
    flush,
    close() {
      clearTimeout(timer);
      target.removeEventListener('online', onOnline);
      target.removeEventListener('pagehide', sendRepeats);
      target.document.removeEventListener('visibilitychange', onVisibility);
    },
  };
}

let pageReporter: ReturnType<typeof createErrorReporter> | undefined;

/** The page's one reporter, made with the first error (error-capture.ts loads this module then). */
export function reportCapturedError(captured: CapturedError): void {
  pageReporter ??= createErrorReporter();
  pageReporter.report(captured);
}
