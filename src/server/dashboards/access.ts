import type { Access } from '../http/endpoints';

/** Spec part 3 §6: reports and datasets are read with either dashboard permission, and written with the management one. */
export const DASHBOARD_VIEW_ACCESS = { anyOf: ['DASHBOARD_MANAGEMENT', 'DASHBOARD_PUBLISHED'] } as const satisfies Access;
export const DASHBOARD_EDIT_ACCESS = 'DASHBOARD_MANAGEMENT' satisfies Access;
