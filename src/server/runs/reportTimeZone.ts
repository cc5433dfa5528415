import { z } from '@hono/zod-openapi';
import { isKnownTimeZone } from './report/htmlReport';

/** ?timezone: an IANA zone such as Europe/Paris (default UTC); an unknown zone is a 400 with a field error. */
export const timezoneQuery = z
  .string()
  .trim()
  .max(100)
  .default('UTC')
  .refine(isKnownTimeZone, { message: 'Unknown time zone: use an IANA name such as Europe/Paris' });

export const htmlHeaders = (fileName: string, disposition: 'inline' | 'attachment' = 'attachment'): Record<string, string> => ({
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Disposition': `${disposition}; filename="${fileName}"`,
});
