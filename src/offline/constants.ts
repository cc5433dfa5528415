/** Constants of the offline layer; the spec's own (part 1 §9) are marked. */

/** Spec §9: the download wake-up check runs every 20 s. */
export const WAKE_CHECK_PERIOD_MS = 20_000;
/** Spec §9: sleep is assumed when a gap between checks exceeds 1.1 times the period. */
export const WAKE_GAP_FACTOR = 1.1;
/** Spec §9: download progress is re-read every 1 s, with one retry. */
export const PROGRESS_READ_INTERVAL_MS = 1_000;
export const PROGRESS_READ_RETRIES = 1;

/** Received bytes are written to IndexedDB in pieces of this size: a reload loses at most this unwritten tail. */
export const DOWNLOAD_PERSIST_BYTES = 256 * 1024;
/**
 * Each request of a download asks for at most this many bytes. A cut connection then wastes at most what the server had
 * queued for the current request; with an open-ended range it is everything in the server's socket buffer and the
 * network's queues (megabytes on a slow or bloated link), lost again at every cut. The price is one round trip per range.
 */
export const DOWNLOAD_REQUEST_BYTES = 128 * 1024;

/** Full-jitter backoff of uploads, outbox retries and failing polls: the delay is random in [0, min(cap, base × 2^n)]. */
export const RETRY_BASE_MS = 1_000;
export const RETRY_CAP_MS = 60_000;

/** The Web Locks name under which one tab of the origin drains the queues. */
export const DRAIN_LOCK_NAME = 'studio:offline-drain';
/**
 * A token closer than this (plus the api-client's skew) to its expiry is refreshed before a drain starts, so a long
 * transfer does not outlive it; a token living shorter than twice that is refreshed once half its lifetime has passed.
 */
export const DRAIN_TOKEN_MARGIN_MS = 60_000;

/** A persisted query cache older than this is not shown: a week-old list would mislead more than an empty one. */
export const QUERY_CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Probing an unreachable server (lie-fi, reachability-probe.ts): full jitter from PROBE_BASE_MS, never sooner than
 * PROBE_MIN_MS, and at most PROBE_CAP_WAITING_MS apart while changes or transfers wait (so they go out within 5 s of
 * the link coming back, as issue 11 asks), PROBE_CAP_IDLE_MS otherwise. A probe without an answer after
 * PROBE_TIMEOUT_MS failed: the probe asks for no work, so this is plenty on a slow but live link.
 */
export const PROBE_BASE_MS = 500;
export const PROBE_MIN_MS = 250;
export const PROBE_CAP_WAITING_MS = 2_000;
export const PROBE_CAP_IDLE_MS = 30_000;
export const PROBE_TIMEOUT_MS = 2_500;

/** An upload sending nothing for this long is given up (lie-fi), and retried. */
export const UPLOAD_STALL_MS = 20_000;
/** An upload whose answer has not come this long after its last byte is given up, and retried under its key. */
export const UPLOAD_ANSWER_MS = 120_000;
