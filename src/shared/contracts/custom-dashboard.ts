import { z } from 'zod';
import { FIELD_ERROR_KEYS } from './collections';
import { reportDateSchema } from './dashboards';
import { labelStatusSchema } from './labels';

/**
 * Operations and leadership dashboards (spec part 3 §2 Operations dashboard, Project KPI editor, Leadership dashboard;
 * §3–§9; issue 17): projects with KPI goals over the run history, and read-only display tokens for wall displays.
 * Both sides validate with these schemas; docs/decisions.md explains what the spec leaves open.
 */

/** §4: the project selector starts on 'Overall', which reads every collection of the organization. */
export const OVERALL_PROJECT_NAME = 'Overall';
/** §4: dashboards and overall results refresh every 10 s. */
export const CUSTOM_DASHBOARD_POLL_MS = 10_000;

/** Write answers carry status as a boolean; older servers sent 'true'/'false', so clients accept both (§7). */
export { labelStatusSchema as customDashboardStatusSchema, isLabelStatusOk as isCustomDashboardStatusOk } from './labels';

/** Frames are inclusive UTC days (§4), YYYY-MM-DD like the report time frame. At most 367 days, as the dataset feeds. */
export const frameQuerySchema = z.object({ startDate: reportDateSchema, endDate: reportDateSchema });
export const MAX_FRAME_DAYS = 367;

const projectIdSchema = z.string().trim().min(1, FIELD_ERROR_KEYS.required).max(64);
/** Absent, empty or 'Overall' means the whole organization. */
export const executionResultsQuerySchema = frameQuerySchema.extend({ projectId: z.string().max(64).optional() });
export const projectFrameQuerySchema = frameQuerySchema.extend({ projectId: projectIdSchema });
export const projectIdQuerySchema = z.object({ projectId: projectIdSchema });

export const PROJECT_NAME_MAX = 100;
const projectNameSchema = z.string().trim().min(1, FIELD_ERROR_KEYS.required).max(PROJECT_NAME_MAX, FIELD_ERROR_KEYS.maxLength);

/** §5: the goal is a percentage, digits only, 0 to 100; anything else is invalidPercentage. */
export const INVALID_PERCENTAGE = 'invalidPercentage';
export const projectGoalSchema = z
  .union([z.number(), z.string()])
  .transform(String)
  .pipe(
    z
      .string()
      .regex(/^\d{1,3}$/, INVALID_PERCENTAGE)
      .transform(Number)
      .refine((goal) => goal <= 100, INVALID_PERCENTAGE),
  );

export const projectCollectionSchema = z.object({ collectionId: z.string().min(1).max(64), collectionName: z.string().max(200) });
export const projectScheduleSchema = z.object({ scheduleId: z.string().min(1).max(64), scheduleName: z.string().max(200).optional() });
export const projectDateTagSchema = z.object({
  projectTag: z.string().trim().min(1, FIELD_ERROR_KEYS.required).max(100, FIELD_ERROR_KEYS.maxLength),
  date: reportDateSchema,
});
export type ProjectCollection = z.infer<typeof projectCollectionSchema>;
export type ProjectSchedule = z.infer<typeof projectScheduleSchema>;
export type ProjectDateTag = z.infer<typeof projectDateTagSchema>;

/** POST createProject (§7: body projectName). */
export const createProjectRequestSchema = z.object({ projectName: projectNameSchema });
/** PUT updateProject (§3 save payload). The name is kept as created; the goal, links and date tags are replaced. */
export const updateProjectRequestSchema = z.object({
  projectId: projectIdSchema,
  projectGoal: projectGoalSchema,
  collectionsData: z.array(projectCollectionSchema).max(500),
  schedulesData: z.array(projectScheduleSchema).max(500),
  projectDateTags: z.array(projectDateTagSchema).max(100),
});
export type UpdateProjectRequest = z.infer<typeof updateProjectRequestSchema>;

export const projectListItemSchema = z.object({ projectId: z.string(), projectName: z.string() });
export type ProjectListItem = z.infer<typeof projectListItemSchema>;

/** Run counts by final state (PASSED, FAILED, CANCELLED, ABORTED) of the runs in the frame. */
export const statusCountSchema = z.object({ status: z.string(), count: z.number().int().nonnegative() });
export type StatusCount = z.infer<typeof statusCountSchema>;

export const projectSchema = z.object({
  projectId: z.string(),
  projectName: z.string(),
  /** Null until the first save sets a goal. */
  projectGoal: z.number().min(0).max(100).nullable(),
  collectionsData: z.array(projectCollectionSchema),
  schedulesData: z.array(projectScheduleSchema.extend({ scheduleName: z.string() })),
  projectDateTags: z.array(projectDateTagSchema),
});
export type Project = z.infer<typeof projectSchema>;

/** getProjectDetails: the project plus its runs in the frame, by the linked collections and by the linked schedules. */
export const projectDetailsSchema = projectSchema.extend({
  executionData: z.array(statusCountSchema),
  scheduleData: z.array(statusCountSchema),
});
export type ProjectDetails = z.infer<typeof projectDetailsSchema>;

export const totalTimeSchema = z.object({ hours: z.number().int(), minutes: z.number().int(), seconds: z.number().int() });
/** Failures of the frame by failure label; failures nobody labelled count under UNLABELLED_FAILURES. */
export const failureCountSchema = z.object({ labelName: z.string(), count: z.number().int().nonnegative() });
export const UNLABELLED_FAILURES = 'Unlabelled';

/** getExecutionResults: the Overall Result tiles (§2, §3). passRate is a percentage with one decimal, 0 with no runs. */
export const executionResultsSchema = z.object({
  collectionExecuted: z.number().int().nonnegative(),
  passRate: z.number().min(0).max(100),
  totalTime: totalTimeSchema,
  failures: z.array(failureCountSchema),
  projectData: z.array(projectListItemSchema),
});
export type ExecutionResults = z.infer<typeof executionResultsSchema>;

/** getTestPlanData (§3): per collection, the defect breakdown by failure label, and the daily progress against the goal. */
export const testPlanDataSchema = z.object({
  testPlanData: z.array(z.object({ collectionId: z.string(), collectionName: z.string(), passed: z.number().int(), failed: z.number().int() })),
  defectBreakDownData: z.array(z.object({ tagName: z.string(), failureCount: z.number().int(), hideTag: z.boolean() })),
  testProgress: z.object({
    /** One entry per UTC day of the frame, in order; pass and fail are run counts. */
    collProgressData: z.array(z.object({ date: reportDateSchema, pass: z.number().int(), fail: z.number().int() })),
    collProgressDataLabel: z.string(),
    projectGoal: z.number().nullable(),
    projectDateTags: z.array(projectDateTagSchema),
  }),
});
export type TestPlanData = z.infer<typeof testPlanDataSchema>;

export const projectListResponseSchema = z.object({ status: labelStatusSchema, data: z.object({ projectData: z.array(projectListItemSchema) }) });
export const projectDetailsResponseSchema = z.object({ status: labelStatusSchema, data: projectDetailsSchema });
export const executionResultsResponseSchema = z.object({ status: labelStatusSchema, data: executionResultsSchema });
export const testPlanDataResponseSchema = z.object({ status: labelStatusSchema, data: testPlanDataSchema });
export const projectCreatedResponseSchema = z.object({ status: labelStatusSchema, message: z.string(), data: projectListItemSchema });
export const projectWriteResponseSchema = z.object({ status: labelStatusSchema, message: z.string() });

/** §8 messages. */
export const PROJECT_MESSAGES = {
  saved: (name: string) => `Project : ${name} Saved`,
  saveFailed: (name: string) => `Failed to save project : ${name}`,
  removed: (name: string) => `Project : ${name} Removed`,
  removeFailed: (name: string) => `Failed to remove project : ${name}`,
  created: (name: string) => `Project : ${name} Created`,
  createFailed: (name: string) => `Failed to create project : ${name}`,
  removePrompt: (name: string) => `Do you want to remove the project ${name}?`,
  tagPlaceholder: 'Select Tag/Version',
  notFound: (projectId: string) => `Project ${projectId} not found`,
  nameTaken: (name: string) => `A project named ${name} already exists.`,
} as const;

/**
 * Display tokens (issue 17): a manager shares a leadership dashboard on a wall display. The token is the link's
 * dashboardId (§2: the page stores it as the parameter token), read-only, bound to one saved report of the
 * organization, shown once, and revocable. The shared calls take it as `token` (query) or as a bearer.
 */
export const DISPLAY_TOKEN_PREFIX = 'ldt_';
export const displayTokenQuerySchema = z.object({ token: z.string().max(200).optional() });
export const sharedExecutionResultsQuerySchema = executionResultsQuerySchema.extend(displayTokenQuerySchema.shape);
export const sharedTestPlanQuerySchema = projectFrameQuerySchema.extend(displayTokenQuerySchema.shape);
export const createDisplayTokenRequestSchema = z.object({
  dashboardId: z.string().trim().min(1, FIELD_ERROR_KEYS.required).max(64),
  name: z.string().trim().min(1, FIELD_ERROR_KEYS.required).max(100, FIELD_ERROR_KEYS.maxLength),
});
export const displayTokenSchema = z.object({
  tokenId: z.string(),
  dashboardId: z.string(),
  name: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type DisplayToken = z.infer<typeof displayTokenSchema>;
/** Only the create answer holds the secret; the list never does. */
export const displayTokenCreatedResponseSchema = z.object({ status: labelStatusSchema, data: displayTokenSchema.extend({ token: z.string() }) });
export const displayTokenListResponseSchema = z.object({ status: labelStatusSchema, data: z.array(displayTokenSchema) });
export const displayTokenRevokedResponseSchema = z.object({ status: labelStatusSchema, message: z.string() });
export const DISPLAY_TOKEN_MESSAGES = {
  revoked: 'Display link revoked',
  unknown: 'This display link is unknown or has been revoked.',
} as const;
