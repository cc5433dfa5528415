/** What a GET of a file answers, given its Range and If-Range headers (RFC 9110 §14). */
export type RangeDecision =
  | { kind: 'full' }
  | { kind: 'partial'; start: number; end: number }
  | { kind: 'unsatisfiable' };

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/;

/**
 * One byte range is served as 206; several ranges, a malformed header, or an If-Range that is not the current
 * strong ETag (the file changed, so the client's bytes belong to another file) give the whole file, which the RFC
 * allows. A range starting at or after the end is unsatisfiable (416).
 */
export function decideRange(rangeHeader: string | undefined, ifRange: string | undefined, size: number, etag: string): RangeDecision {
  if (rangeHeader === undefined) return { kind: 'full' };
  if (ifRange !== undefined && ifRange.trim() !== etag) return { kind: 'full' };
  const match = SINGLE_RANGE.exec(rangeHeader.trim());
  if (!match) return { kind: 'full' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'full' };
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (start >= size) return { kind: 'unsatisfiable' };
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (end < start) return { kind: 'full' };
  return { kind: 'partial', start, end };
}
