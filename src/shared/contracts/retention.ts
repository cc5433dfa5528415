import { z } from 'zod';

/**
 * Retention (issue 30): how long an organization keeps finished runs, their files (screenshots, videos, attachments)
 * and its audit trail. A background purge deletes what is older (server: src/server/retention/purge.ts).
 */

/** An organization that never saved a setting keeps these. */
export const RETENTION_DEFAULTS = { runsDays: 90, artifactsDays: 30, auditDays: 365 } as const;
/** Ten years: the longest any of the three may be set to. */
export const RETENTION_MAX_DAYS = 3650;

export const RETENTION_MESSAGES = {
  saved: 'Retention saved',
  /** The report's line where a file was, once the artifact retention removed it. */
  screenshotRemoved: 'Screenshot removed by the retention policy',
  attachmentRemoved: 'Attachment removed by the retention policy',
  artifactsLongerThanRuns: 'Artifacts cannot be kept longer than runs.',
} as const;

/** A number of days the user typed, with a message that names the field and what it accepts. */
function daysField(label: string) {
  const range = `${label} must be between 1 and ${RETENTION_MAX_DAYS} days.`;
  return z
    .number({ error: `${label}: enter a number of days.` })
    .int(`${label}: enter a whole number of days.`)
    .min(1, range)
    .max(RETENTION_MAX_DAYS, range);
}

export const retentionInputSchema = z
  .object({
    runsDays: daysField('Runs'),
    artifactsDays: daysField('Artifacts'),
    auditDays: daysField('Audit trail'),
  })
  .refine((input) => input.artifactsDays <= input.runsDays, { path: ['artifactsDays'], message: RETENTION_MESSAGES.artifactsLongerThanRuns });
export type RetentionInput = z.infer<typeof retentionInputSchema>;

export const retentionSettingsSchema = z.object({
  orgId: z.string(),
  runsDays: z.number().int(),
  artifactsDays: z.number().int(),
  auditDays: z.number().int(),
  /** When and by whom it was last saved; null while the organization keeps the defaults. */
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type RetentionSettings = z.infer<typeof retentionSettingsSchema>;

export const retentionResponseSchema = z.object({ success: z.literal(true), data: retentionSettingsSchema });
export const retentionSavedResponseSchema = retentionResponseSchema.extend({ message: z.string() });
