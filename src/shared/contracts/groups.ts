import { z } from 'zod';
import { FIELD_ERROR_KEYS } from './collections';

/**
 * Groups of users within an organization (spec part 3 §2 Groups, §3 Group: id, name; issue 13). The spec's create form
 * computed a BMI from sample fields; a group here has a name, a description and its members.
 */
export const groupInputSchema = z.object({
  name: z.string().trim().min(1, FIELD_ERROR_KEYS.required).max(100, FIELD_ERROR_KEYS.maxLength),
  description: z.string().trim().max(1000, FIELD_ERROR_KEYS.maxLength),
  /** User ids (users.id) of the group's organization. */
  members: z.array(z.string().min(1)).max(10_000),
  /** A platform administrator may make the group in another organization; others make it in their own. */
  orgId: z.string().trim().min(1).optional(),
});
export type GroupInput = z.infer<typeof groupInputSchema>;

export const groupMemberSchema = z.object({ id: z.string(), userId: z.string(), firstName: z.string(), lastName: z.string() });

export const groupSchema = z.object({
  id: z.string(),
  orgId: z.string(),
  name: z.string(),
  description: z.string(),
  members: z.array(groupMemberSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Group = z.infer<typeof groupSchema>;

/** The client reads `data` (spec part 3 §7: the group list reads data). */
export const groupListResponseSchema = z.object({ success: z.literal(true), data: z.array(groupSchema) });
export const groupResponseSchema = z.object({ success: z.literal(true), data: groupSchema });
export const groupSavedResponseSchema = z.object({ success: z.literal(true), message: z.string(), data: groupSchema });

export const GROUP_MESSAGES = {
  created: 'Group created',
  saved: 'Group saved',
  deleted: 'Group deleted',
  notFound: 'Group not found',
  nameTaken: 'A group with this name already exists',
  /** A member id that is not a user of the group's organization. */
  unknownMember: 'Not a user of this organization',
} as const;
