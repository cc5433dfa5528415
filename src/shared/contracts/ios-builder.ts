import { z } from 'zod';

/**
 * The iOS gateway client builder (spec part 3 §2 iOS gateway client builder, §3 iOS build, §4, §5, §7, §8, §9).
 * The server validates the signing material and assembles a bundle archive a Mac signs; the client polls the
 * organization's latest build. The client download page reads the same list answer for its iOS entry.
 */

export const IOS_BUILD_STATUSES = ['CREATING', 'FINISHED', 'FAILED'] as const;
export type IosBuildStatus = (typeof IOS_BUILD_STATUSES)[number];

/** The multipart form fields of POST /ios-builder/start (§7). */
export const IOS_BUILDER_FIELDS = {
  provisionProfile: 'provisionProfile',
  signingCertificate: 'signingCertificate',
  password: 'password',
  bundleId: 'bundleId',
} as const;

/** The only file types each file field takes (§5). */
export const IOS_PROFILE_EXTENSION = '.mobileprovision';
export const IOS_CERTIFICATE_EXTENSION = '.p12';

/** The {product} of 'com.{bundleId}.{product}XCTInjector' (§2): this platform's name. */
export const IOS_PRODUCT = 'Studio';

/** The identifier the gateway client is signed with (§2), derived from what the user types. */
export function deriveIosBundleId(bundleId: string): string {
  return `com.${bundleId.trim()}.${IOS_PRODUCT}XCTInjector`;
}

/** Constants of §4 and §9. */
export const IOS_BUILDER_TIMING = {
  statusPollMs: 5_000,
  statusPollRetries: 5,
  statusPollRetryDelayMs: 1_000,
  submitRetries: 3,
  submitRetryDelayMs: 5_000,
  progressTickMs: 20_000,
  progressStep: 20,
  progressInitial: 10,
  /** Progress grows until it is at least this, then resets (§4). */
  progressCap: 70,
  progressFinished: 100,
} as const;

export const IOS_BUILDER_LIMITS = {
  /** A provisioning profile is a few kilobytes; a p12 a few more. Both far under this. */
  fileBytes: 1024 * 1024,
  password: 200,
  bundleId: 100,
} as const;

/**
 * A reverse-DNS part (or several, dot-separated) as Apple allows in bundle identifiers: letters, digits and hyphens.
 */
export const IOS_BUNDLE_ID_PATTERN = /^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*$/;

/** Texts of §5 and §8, and the server's own Descriptions where the spec gives none (docs/decisions.md). */
export const IOS_BUILDER_MESSAGES = {
  allRequired: 'All Fields are Required',
  profileType: 'Provision Profile accepts only .mobileprovision files',
  certificateType: 'Signing Certificate accepts only .p12 files',
  bundleIdPattern: 'Bundle Id may hold only letters, digits, hyphens and dots',
  generating: 'Generating iOS Gateway Client Bundle...',
  pleaseWait: 'Please Wait... This may take a few minutes...',
  underway: 'Please wait... bundle generation for your organization already underway.',
  submitFailed: 'Something went wrong, please try again.',
  notAcceptable: 'Unable to complete request at this time. Please try again later.',
  unavailable: 'The iOS gateway client builder is unavailable. Please contact support.',
  pollFailed: 'Sorry, there was an error (after retries)',
  fileTooLarge: (limitBytes: number) => `Each file must be smaller than ${limitBytes / 1024 / 1024} MB`,
  notFound: 'No such iOS gateway client bundle',
  // Server Descriptions of a FAILED build.
  profileUnreadable: 'The provisioning profile is not a signed profile (CMS) holding a property list',
  profileExpired: (date: string) => `The provisioning profile expired on ${date}`,
  profileNoTeam: 'The provisioning profile names no TeamIdentifier',
  profileNoAppId: 'The provisioning profile has no application-identifier entitlement',
  profileNoCertificates: 'The provisioning profile lists no DeveloperCertificates',
  appIdMismatch: (appId: string, bundleId: string) =>
    `The profile's app id ${appId} does not cover the bundle id ${bundleId}`,
  certificateUnreadable: 'The signing certificate is not a readable .p12 file',
  wrongPassword: 'The certificate password is wrong: the .p12 file could not be opened',
  certificateMissing: 'The .p12 file holds no certificate',
  certificateNoKey: 'The .p12 file holds no private key',
  certificateExpired: (date: string) => `The signing certificate expired on ${date}`,
  certificateNotYetValid: (date: string) => `The signing certificate is valid only from ${date}`,
  certificateMismatch: 'The signing certificate does not match the provisioning profile (it is not one of its DeveloperCertificates)',
  buildFailed: 'The bundle could not be written: please try again',
} as const;

export const iosBuildSchema = z.object({
  id: z.string(),
  Status: z.enum(IOS_BUILD_STATUSES),
  /** FINISHED only: the archive's download path (GET with the bearer token). */
  URL: z.string().nullable(),
  /** Server-side progress, 0 to 100; the page's bar follows §4's own rules while CREATING. */
  currentProgress: z.number().min(0).max(100),
  /** FAILED: why; otherwise a short note of what the build holds or does. */
  Description: z.string().nullable(),
  /** What the user typed, and the identifier derived from it. */
  bundleId: z.string(),
  derivedBundleId: z.string(),
  /** FINISHED: the archive's file name (named with the derived id). */
  fileName: z.string().nullable(),
  /** From the validated profile, once read. */
  teamId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type IosBuild = z.infer<typeof iosBuildSchema>;

/** GET /ios-builder/list: the organization's latest build, or null when none was ever started. */
export const iosBuildListResponseSchema = z.object({
  success: z.literal(true),
  data: iosBuildSchema.nullable(),
});
export type IosBuildListResponse = z.infer<typeof iosBuildListResponseSchema>;

/** POST /ios-builder/start answers 202 with the new build in CREATING. */
export const iosBuildStartResponseSchema = z.object({
  success: z.literal(true),
  data: iosBuildSchema,
});
export type IosBuildStartResponse = z.infer<typeof iosBuildStartResponseSchema>;

/** The text fields of the start form; the two files are checked beside them (names, types, sizes). */
export const iosBuildTextFieldsSchema = z.object({
  password: z
    .string({ error: IOS_BUILDER_MESSAGES.allRequired })
    .min(1, IOS_BUILDER_MESSAGES.allRequired)
    .max(IOS_BUILDER_LIMITS.password),
  bundleId: z
    .string({ error: IOS_BUILDER_MESSAGES.allRequired })
    .trim()
    .min(1, { message: IOS_BUILDER_MESSAGES.allRequired, abort: true })
    .max(IOS_BUILDER_LIMITS.bundleId)
    .regex(IOS_BUNDLE_ID_PATTERN, IOS_BUILDER_MESSAGES.bundleIdPattern),
});
export type IosBuildTextFields = z.infer<typeof iosBuildTextFieldsSchema>;

export function hasExtension(fileName: string, extension: string): boolean {
  return fileName.toLowerCase().endsWith(extension);
}
