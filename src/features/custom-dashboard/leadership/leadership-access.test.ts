import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { isRefusedDisplay, leadershipAccess } from './leadership-access';

describe('leadershipAccess', () => {
  it('reads a display token as a display, whether or not someone is signed in', () => {
    expect(leadershipAccess('ldt_abc', false)).toEqual({ kind: 'display', token: 'ldt_abc' });
    expect(leadershipAccess('ldt_abc', true)).toEqual({ kind: 'display', token: 'ldt_abc' });
  });

  it("reads a saved report's id with the session when signed in, else tries it as a token", () => {
    expect(leadershipAccess('r-lead', true)).toEqual({ kind: 'session' });
    expect(leadershipAccess('r-lead', false)).toEqual({ kind: 'display', token: 'r-lead' });
  });
});

describe('isRefusedDisplay', () => {
  const display = { kind: 'display', token: 'ldt_abc' } as const;

  it('is a 401 on a display only: not a network failure, not a session', () => {
    expect(isRefusedDisplay(display, new ApiError(401, 'This display link is unknown or has been revoked.'))).toBe(true);
    expect(isRefusedDisplay(display, new ApiError(0, 'offline'))).toBe(false);
    expect(isRefusedDisplay(display, new ApiError(503, 'restarting'))).toBe(false);
    expect(isRefusedDisplay({ kind: 'session' }, new ApiError(401, 'expired'))).toBe(false);
    expect(isRefusedDisplay(display, null)).toBe(false);
  });
});
