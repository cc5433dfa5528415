import { z } from 'zod';
import { FIELD_ERROR_KEYS } from './collections';
import { DAY_MS } from '../durations';

/**
 * Organizations and their licences (spec part 3 §2 Organizations, §3 Organization and License, §7 Calls; issue 13).
 * A licence is made by a platform administrator, then bound to one organization when the organization is created
 * (POST /organizations with its licenseId). The server enforces it: active users, concurrent runs (parallels), the
 * expiry date (no new runs or schedule firings after it) and, when set, run minutes (credit).
 */

/** Client types of the CREATE ORGANIZATION dropdown; a licence is for one of them and its organization follows it. */
export const CLIENT_TYPES = ['RTA', 'RPA', 'DOMA'] as const;
export type ClientType = (typeof CLIENT_TYPES)[number];

/** Expiry classes of a tile (spec part 3 §2): critical from LICENSE_WARNING_DAYS before expiry, expiring soon from 30. */
export const LICENSE_EXPIRY_CLASSES = ['active', 'expiring-soon', 'critical', 'expired'] as const;
export type LicenseExpiryClass = (typeof LICENSE_EXPIRY_CLASSES)[number];
export const LICENSE_WARNING_DAYS = 14;
export const LICENSE_EXPIRING_SOON_DAYS = 30;

/** The class of a licence expiring at `expiresAt` (ISO) seen at `now` (epoch ms). */
export function licenseExpiryClass(expiresAt: string, now: number): LicenseExpiryClass {
  const left = Date.parse(expiresAt) - now;
  if (left <= 0) return 'expired';
  if (left <= LICENSE_WARNING_DAYS * DAY_MS) return 'critical';
  if (left <= LICENSE_EXPIRING_SOON_DAYS * DAY_MS) return 'expiring-soon';
  return 'active';
}

/** Whole days until `expiresAt`, rounded up (0 once expired). */
export function licenseDaysLeft(expiresAt: string, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / DAY_MS));
}

export const LICENSE_MESSAGES = {
  created: 'License created',
  saved: 'License saved',
  notFound: 'License not found',
  alreadyBound: 'This license already belongs to an organization',
  /** A refused run trigger or schedule firing, and the run's log line. */
  expired: (date: string) => `The organization's license expired on ${date}: new runs are refused until it is renewed.`,
  /** Shown from LICENSE_WARNING_DAYS before expiry. */
  expiresSoon: (days: number) => `The organization's license expires in ${days} day${days === 1 ? '' : 's'}.`,
  /** The queue hint of a run waiting for one of the licence's parallel slots. */
  parallelsBusy: (parallels: number) =>
    `Waiting for a free parallel slot: the organization's license allows ${parallels} run${parallels === 1 ? '' : 's'} at a time.`,
  /** A refused user create (or reactivation) over the licence's user count. */
  usersFull: (users: number) => `The organization's license allows ${users} active user${users === 1 ? '' : 's'}.`,
  /** A refused run trigger or schedule firing once the credit is spent. */
  creditSpent: 'The organization has used all the run minutes of its license.',
} as const;

export const ORGANIZATION_MESSAGES = {
  created: 'Organization created',
  saved: 'Organization saved',
  /** The details page's failure (spec part 3 §8); the server's 404 says the same. */
  notFound: "Couldn't find the organization!",
  nameTaken: 'An organization with this name already exists',
} as const;

const count = (max: number) => z.number().int().min(1, FIELD_ERROR_KEYS.required).max(max);

/** POST and PUT {api}/licenses body. */
export const licenseInputSchema = z.object({
  licenseName: z.string().trim().min(1, FIELD_ERROR_KEYS.required).max(100, FIELD_ERROR_KEYS.maxLength),
  product: z.enum(CLIENT_TYPES),
  trial: z.boolean(),
  /** Active users at most. */
  users: count(100_000),
  /** Days from the licence's start to its expiry. */
  durationDays: count(36_500),
  /** Runs executing at once at most. */
  parallels: count(1_000),
  /** Run minutes the organization may use; null for no limit. */
  credit: z.number().int().min(0).max(100_000_000).nullable(),
});
export type LicenseInput = z.infer<typeof licenseInputSchema>;

export const licenseSchema = licenseInputSchema.extend({
  licenseId: z.string(),
  /** ISO instants: the start (creation, or the last renewal) and startsAt + durationDays. */
  startsAt: z.string(),
  expiresAt: z.string(),
  /** Run minutes used so far (counted per started minute of each finished run). */
  creditUsed: z.number(),
  /** The organization it is bound to, or null while it is free to give to a new organization. */
  orgId: z.string().nullable(),
  status: z.enum(LICENSE_EXPIRY_CLASSES),
});
export type License = z.infer<typeof licenseSchema>;

/** GET {api}/licenses: the client reads data.results (spec part 3 §7). */
export const licenseListResponseSchema = z.object({ success: z.literal(true), data: z.object({ results: z.array(licenseSchema) }) });
export const licenseResponseSchema = z.object({ success: z.literal(true), message: z.string(), data: licenseSchema });

/** POST /organizations (spec part 3 §7: licenseId, name). The type follows the licence's product. */
export const createOrganizationSchema = z.object({
  name: z.string().trim().min(1, FIELD_ERROR_KEYS.required).max(100, FIELD_ERROR_KEYS.maxLength),
  licenseId: z.string().trim().min(1, FIELD_ERROR_KEYS.required),
});
export type CreateOrganization = z.infer<typeof createOrganizationSchema>;

/** PUT /organizations/{id}: the details page's name field (saved 500 ms after the last keystroke, spec part 3 §9). */
export const updateOrganizationSchema = createOrganizationSchema.pick({ name: true });
export type UpdateOrganization = z.infer<typeof updateOrganizationSchema>;

/** A tile of the list (spec part 3 §3 Tile: logo, name, license, date, status, type, groupsNumber, usersNumber). */
export const organizationTileSchema = z.object({
  id: z.string(),
  orgId: z.string(),
  name: z.string(),
  /** Initials drawn on the tile; no uploaded logos yet. */
  logo: z.string(),
  licenseId: z.string().nullable(),
  /** The licence's name; 'Unlimited' for the platform's own organization, which has none. */
  license: z.string(),
  /** The licence's expiry (ISO), null without a licence. */
  date: z.string().nullable(),
  status: z.enum(LICENSE_EXPIRY_CLASSES),
  /** rta, rpa or doma: the tile's colour. */
  type: z.enum(['rta', 'rpa', 'doma']),
  groupsNumber: z.number().int(),
  usersNumber: z.number().int(),
  /** The organization of the platform's administrators: it manages every other one and has no licence. */
  isPlatform: z.boolean(),
});
export type OrganizationTile = z.infer<typeof organizationTileSchema>;

/** GET /organizations: response data is the list. */
export const organizationListResponseSchema = z.object({ success: z.literal(true), data: z.array(organizationTileSchema) });

export const organizationAccountSchema = z.object({
  id: z.string(),
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  active: z.boolean(),
});

/** GET /organizations/{id} (spec part 3 §3 Organization: id, name, licenseId, orgId, groups, Accounts). */
export const organizationDetailsSchema = organizationTileSchema.extend({
  /** A running number given at creation, shown as the detail number. */
  detailNumber: z.number().int(),
  createdAt: z.string(),
  licenseDetails: licenseSchema.nullable(),
  groups: z.array(z.object({ id: z.string(), name: z.string(), membersNumber: z.number().int() })),
  Accounts: z.array(organizationAccountSchema),
  /** Runs executing now against the licence's parallels. */
  runningNow: z.number().int(),
});
export type OrganizationDetails = z.infer<typeof organizationDetailsSchema>;

export const organizationResponseSchema = z.object({ success: z.literal(true), data: organizationDetailsSchema });
export const organizationSavedResponseSchema = z.object({ success: z.literal(true), message: z.string(), data: organizationDetailsSchema });
