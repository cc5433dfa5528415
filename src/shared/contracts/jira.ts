import { z } from 'zod';
import { SUMMARY_MAX_LENGTH } from '../constants';

/** Spec part 1 §8 Issue tracker. */
export const JIRA_MESSAGES = {
  saved: 'Issue saved.',
  savedWithId: (id: string) => `Issue saved. Jira Id: ${id}`,
  saveFailed: (message: string) => `Error saving issue!  : ${message}`,
  fallback: 'something went wrong, please try again.',
  notConfigured: 'Jira is not configured for your organization: ask an administrator to set its URL, user and API token.',
  configurationSaved: 'Jira configuration saved.',
} as const;

/** Issue form defaults of spec part 1 §3 (and §9 Default issue priority). */
export const ISSUE_DEFAULTS = {
  priority_type: 'Minor',
  environment: 'Production',
  linked_issues: 'Discovered while testing',
  resolution: 'Unresolved',
  language: 'English',
  team_owner: 'Business',
} as const;

/** Only this issue type is offered (spec part 1 §3 Issue form). */
export const BUG_ISSUE_TYPE = 'Bug';

/** The issueMap pairs of spec part 1 §3: Jira custom fields found by these names. */
export const ISSUE_MAP_FIELDS = ['High Level Category', 'Product', 'Areas', 'Language', 'Line of Business', 'Team Owner', 'Type of Issue'] as const;

export const JIRA_API_VERSIONS = ['2', '3'] as const;
export type JiraApiVersion = (typeof JIRA_API_VERSIONS)[number];

/** What an administrator sets; the API token is write-only and kept when left out of an update. */
export const jiraConfigurationInputSchema = z.object({
  baseUrl: z
    .string()
    .trim()
    .url()
    .refine((url) => /^https?:\/\//i.test(url), 'The base URL must start with http:// or https://'),
  userEmail: z.string().trim().email(),
  apiToken: z.string().min(1).max(1000).optional(),
  apiVersion: z.enum(JIRA_API_VERSIONS).default('3'),
});
export type JiraConfigurationInput = z.infer<typeof jiraConfigurationInputSchema>;

export const jiraConfigurationSchema = z.object({
  baseUrl: z.string(),
  userEmail: z.string(),
  apiVersion: z.enum(JIRA_API_VERSIONS),
  hasToken: z.boolean(),
  updatedAt: z.string(),
});
export type JiraConfiguration = z.infer<typeof jiraConfigurationSchema>;
export const jiraConfigurationResponseSchema = z.object({ success: z.literal(true), message: z.string(), data: jiraConfigurationSchema.nullable() });

export const jiraValidResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ valid: z.boolean(), message: z.string(), displayName: z.string().nullable() }),
});
export type JiraValidity = z.infer<typeof jiraValidResponseSchema>['data'];

const namedSchema = z.object({ id: z.string(), name: z.string() });
export const jiraProjectSchema = z.object({
  key: z.string(),
  name: z.string(),
  issue_types: z.array(namedSchema),
  /** Assignable users: id is what Jira takes (accountId on v3, name on v2). */
  users: z.array(namedSchema),
});
export type JiraProject = z.infer<typeof jiraProjectSchema>;

export const jiraDataSchema = z.object({
  projects: z.array(jiraProjectSchema),
  /** The issueMap fields Jira has: custom field id, name, and the values it allows. */
  filterData: z.array(z.object({ id: z.string(), name: z.string(), values: z.array(z.string()) })),
  metaData: z.object({
    PROJECTS: z.array(z.object({ key: z.string(), name: z.string() })),
    PRIORITY_TYPES: z.array(z.string()),
    RESOLUTION: z.array(z.string()),
  }),
  /** issueMap field name to Jira custom field id. */
  customFieldMap: z.record(z.string(), z.string()),
});
export type JiraData = z.infer<typeof jiraDataSchema>;
export const jiraDataResponseSchema = z.object({ success: z.literal(true), data: jiraDataSchema });

export const scenariosResponseSchema = z.object({ success: z.literal(true), data: z.array(z.string()) });

export const issueMapEntrySchema = z.object({ id: z.string().min(1).max(100), value: z.string().max(255) });
export type IssueMapEntry = z.infer<typeof issueMapEntrySchema>;

const text = (max: number) => z.string().trim().max(max);
const optionalText = (max: number) => text(max).optional();

/** The Issue form of spec part 1 §3 as its fields are posted (form entries; issueMap repeated, each a JSON pair). */
export const issueFormSchema = z.object({
  issue_id: optionalText(100),
  testStatusId: text(100).min(1),
  testStepId: text(200).min(1),
  testCaseName: text(500).min(1),
  testSuiteId: optionalText(100),
  testLoop: z.coerce.number().int().min(1).default(1),
  projectKey: text(100).min(1),
  issue_type: text(100).min(1),
  reporter_name: optionalText(200),
  assignee_name: optionalText(200),
  priority_type: text(100).min(1),
  summary: text(SUMMARY_MAX_LENGTH).min(1),
  environment: optionalText(1000),
  attach_images: z.enum(['true', 'false']).default('true'),
  description: optionalText(30_000),
  labels: optionalText(1000),
  linked_issues: optionalText(200),
  resolution: optionalText(100),
  report_platform: optionalText(200),
  report_os: optionalText(200),
  report_location: optionalText(200),
  report_product: optionalText(200),
  report_type: optionalText(200),
  report_area: optionalText(200),
  report_lob: optionalText(200),
  highlevelcategory: optionalText(200),
  language: optionalText(100),
  team_owner: optionalText(200),
  issueMap: z.union([z.string(), z.array(z.string())]).optional(),
});
export type IssueForm = z.infer<typeof issueFormSchema>;

export const issueSavedResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ key: z.string(), id: z.string(), attachments: z.array(z.string()) }),
});
export type IssueSaved = z.infer<typeof issueSavedResponseSchema>['data'];
