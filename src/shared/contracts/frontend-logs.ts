import { z } from 'zod';

/**
 * POST {automation}/logs/fe/angular (spec part 1 §7 Auth, "for error logs"): the app's uncaught errors and failed
 * chunk loads, in batches. The client scrubs and truncates before sending; the server does both again.
 */
export const FRONTEND_LOG_KINDS = [
  /** window 'error': an exception nothing caught. */
  'error',
  /** window 'unhandledrejection'. */
  'unhandledrejection',
  /** A script or style chunk that did not load (vite:preloadError, a failed dynamic import). */
  'chunk-load',
  /** A route whose loader, guard or component failed (the router's error state). */
  'router',
] as const;
export type FrontendLogKind = (typeof FRONTEND_LOG_KINDS)[number];

export const FRONTEND_LOG_LIMITS = {
  entriesPerReport: 10,
  messageChars: 1000,
  stackChars: 4000,
  urlChars: 300,
  /** Repeats of one error folded into one entry. */
  maxRepeats: 10_000,
} as const;

export const frontendLogEntrySchema = z.object({
  kind: z.enum(FRONTEND_LOG_KINDS),
  message: z.string().min(1).max(FRONTEND_LOG_LIMITS.messageChars),
  stack: z.string().max(FRONTEND_LOG_LIMITS.stackChars).optional(),
  /** The script the error came from, without query. */
  scriptUrl: z.string().max(FRONTEND_LOG_LIMITS.urlChars).optional(),
  line: z.number().int().min(0).optional(),
  column: z.number().int().min(0).optional(),
  /** The app path where it happened (pathname only). */
  route: z.string().max(FRONTEND_LOG_LIMITS.urlChars),
  /** When it first happened, epoch ms. */
  at: z.number().int().min(0),
  /** How many times it happened since the last report (1 for a single one). */
  repeats: z.number().int().min(1).max(FRONTEND_LOG_LIMITS.maxRepeats),
});
export type FrontendLogEntry = z.infer<typeof frontendLogEntrySchema>;

export const frontendLogReportSchema = z.object({
  entries: z.array(frontendLogEntrySchema).min(1).max(FRONTEND_LOG_LIMITS.entriesPerReport),
});
export type FrontendLogReport = z.infer<typeof frontendLogReportSchema>;

export const frontendLogAcceptedSchema = z.object({ success: z.literal(true), data: z.object({ accepted: z.number().int() }) });

/** Reports a session (or, signed out, an address) may send per window before the server answers 429. */
export const FRONTEND_LOG_RATE = { perSession: 12, perAddress: 60, windowSeconds: 10 * 60 } as const;
