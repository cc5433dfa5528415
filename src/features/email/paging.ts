import { EMAIL_PAGE_SIZE } from '../../shared/contracts/email';

/** §9: both email tables show 20 rows a page. */
export const pageCountOf = (total: number): number => Math.max(1, Math.ceil(total / EMAIL_PAGE_SIZE));
export const pageOf = <T,>(rows: readonly T[], page: number): T[] => rows.slice((page - 1) * EMAIL_PAGE_SIZE, page * EMAIL_PAGE_SIZE);
