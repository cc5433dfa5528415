import { z } from 'zod';

/** What the audit trail records changes of (issue 30). */
export const AUDIT_ENTITY_TYPES = ['user', 'group', 'organization', 'license', 'variable', 'email', 'mailAccount', 'jira', 'schedule', 'retention'] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

export const AUDIT_ACTIONS = ['create', 'update', 'delete'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What a masked secret reads as in an entry's before and after. */
export const AUDIT_MASK = '********';

export const AUDIT_PAGE_SIZE_DEFAULT = 25;
/** The most rows one page answers; the CSV export reads page after page of this size. */
export const AUDIT_PAGE_SIZE_MAX = 500;
/** The most rows one CSV export holds (the newest that match). */
export const AUDIT_EXPORT_LIMIT = 10_000;

/**
 * The Audit Trail screen's filters and page. `from` is inclusive and `to` exclusive (ISO instants), so a day's range is
 * its start and the next day's start. `orgId` narrows a platform administrator's view to one organization.
 */
export const auditQuerySchema = z
  .object({
    from: z.string().datetime({ offset: true }).optional(),
    to: z.string().datetime({ offset: true }).optional(),
    userId: z.string().trim().min(1).max(100).optional(),
    entityType: z.enum(AUDIT_ENTITY_TYPES).optional(),
    action: z.enum(AUDIT_ACTIONS).optional(),
    orgId: z.string().trim().min(1).max(100).optional(),
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(AUDIT_PAGE_SIZE_MAX).default(AUDIT_PAGE_SIZE_DEFAULT),
  })
  .refine((query) => query.from === undefined || query.to === undefined || Date.parse(query.from) < Date.parse(query.to), {
    message: 'The start of the range must come before its end.',
    path: ['to'],
  });
export type AuditQuery = z.input<typeof auditQuerySchema>;

/** A JSON value as stored: the entity's fields, secrets masked. */
export type AuditSnapshot = unknown;

export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  orgId: z.string(),
  orgName: z.string().nullable(),
  userId: z.string(),
  userName: z.string(),
  entityType: z.enum(AUDIT_ENTITY_TYPES),
  entityId: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditActorSchema = z.object({ id: z.string(), name: z.string() });
export type AuditActor = z.infer<typeof auditActorSchema>;

export const auditListResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    entries: z.array(auditEntrySchema),
    total: z.number(),
    page: z.number(),
    pageSize: z.number(),
    /** Who made changes the caller may see: the user filter's choices. */
    users: z.array(auditActorSchema),
  }),
});
export type AuditListResponse = z.infer<typeof auditListResponseSchema>;
