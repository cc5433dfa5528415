import type { z } from 'zod';
import type { frameQuerySchema } from '../../../shared/contracts/custom-dashboard';

/**
 * Who reads a dashboard: the signed-in user (the session's calls), or a wall display holding a display token (the
 * shared calls, issue 17), which needs no session and may not edit.
 */
export type DashboardAccess = { kind: 'session' } | { kind: 'display'; token: string };

export const SESSION_ACCESS: DashboardAccess = { kind: 'session' };

/** Inclusive UTC days, YYYY-MM-DD (§4). */
export type DashboardFrame = z.infer<typeof frameQuerySchema>;

export const canEdit = (access: DashboardAccess): boolean => access.kind === 'session';
