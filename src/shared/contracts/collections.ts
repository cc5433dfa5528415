import { z } from 'zod';
import { stepFieldIssues } from './step-fields';

/**
 * Collections (test suites) of spec part 1 §3, as the Studio edits them and the executor runs them.
 * Flows are "test cases"; init and post flows carry testCaseType PRE_FLOW / POST_FLOW.
 */
export const EXECUTION_TYPES = ['SEQUENTIAL', 'RANDOM', 'BRANCHING'] as const;
export const DEVICE_TYPES = ['HYBRID', 'BROWSER'] as const;
/** The resource type names of spec part 1 §2 (Flow configuration panel). */
export const DEVICE_TYPE_LABELS: Readonly<Record<(typeof DEVICE_TYPES)[number], string>> = { HYBRID: 'Mobile & Desktop', BROWSER: 'Browser' };
/** Resource kinds (cmdDeviceType) a resource type runs on: a HYBRID run takes a free gateway agent, else a browser (issue 18). */
export const RESOURCE_KINDS_OF_TYPE = { HYBRID: ['MOBILE', 'DESKTOP', 'BROWSER'], BROWSER: ['BROWSER'] } as const;
/** Those kinds as the queue hints name them (QUEUE_HINTS): "No Mobile, Desktop or Browser resource is registered". */
export const RESOURCE_KINDS_TEXT: Readonly<Record<(typeof DEVICE_TYPES)[number], string>> = { HYBRID: 'Mobile, Desktop or Browser', BROWSER: 'Browser' };
export const TEST_CASE_TYPES = ['PRE_FLOW', 'FLOW', 'POST_FLOW'] as const;

/**
 * Browser step actions (issue 3): each step has two text slots, `target` and `value`, and a timeout; what the slots
 * hold for each action, and their checks, are in step-fields.ts.
 */
export const STEP_ACTIONS = [
  'open',
  'click',
  'type',
  'select',
  'check',
  'press',
  'waitFor',
  'assertText',
  'assertVisible',
  'assertUrl',
  'assertTitle',
  'screenshot',
  'httpRequest',
  'setVariable',
  // Mobile steps (issue 28): on a phone through Appium; tap, clear, back and assertAttribute also work in a browser.
  'launchApp',
  'tap',
  'clear',
  'swipe',
  'scroll',
  'back',
  'hideKeyboard',
  'assertAttribute',
] as const;
export type StepAction = (typeof STEP_ACTIONS)[number];

export const DEFAULT_STEP_TIMEOUT_MS = 10_000;

export const stepSchema = z.object({
  stepId: z.string().min(1).max(64),
  stepName: z.string().trim().min(1).max(200),
  action: z.enum(STEP_ACTIONS),
  target: z.string().max(2000).default(''),
  value: z.string().max(20_000).default(''),
  timeoutMs: z.number().int().min(1).max(600_000).default(DEFAULT_STEP_TIMEOUT_MS),
});
export type Step = z.infer<typeof stepSchema>;

export const testCaseSchema = z.object({
  testCaseId: z.string().min(1).max(64),
  testCaseName: z.string().trim().min(1).max(200),
  testCaseType: z.enum(TEST_CASE_TYPES).default('FLOW'),
  loop: z.number().int().min(1).max(1000).default(1),
  steps: z.array(stepSchema).max(2000).default([]),
  /** BRANCHING only: the flow to run next when this one passed / failed; absent ends the run (docs/decisions.md). */
  nextOnPass: z.string().max(64).optional(),
  nextOnFail: z.string().max(64).optional(),
});
export type TestCase = z.infer<typeof testCaseSchema>;

export const customAttributeSchema = z.object({
  name: z.string().max(200),
  value: z.string().max(2000).default(''),
  unit: z.string().max(50).default(''),
});

/** Name rule of spec part 1 §5: letters, digits, underscore and hyphen, spaces allowed after the first character. */
export const COLLECTION_NAME_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9_\- ]*$/;

/** Validation error keys of spec part 1 §5, sent as fieldErrors messages; the client maps them to texts. */
export const FIELD_ERROR_KEYS = {
  required: 'required',
  pattern: 'pattern',
  maxLength: 'maxlength',
  multiEmail: 'MultiEmailInvalid',
  noneOf: 'NoneOf',
  notFound: 'NotFound',
} as const;

/** The id a client sends for a collection it has not saved yet (an empty id means the same). */
export const NEW_COLLECTION_ID = 'new';

export function isNewCollectionId(id: string): boolean {
  const trimmed = id.trim();
  return trimmed === '' || trimmed === NEW_COLLECTION_ID;
}

const notifyEmailSchema = z.email({ pattern: z.regexes.html5Email });

/** Notify e-mails (spec part 1 §5): split by comma or semicolon, blanks ignored, each a valid address. */
export function isValidEmailList(value: string): boolean {
  return value
    .split(/[,;]/)
    .map((address) => address.trim())
    .filter((address) => address !== '')
    .every((address) => notifyEmailSchema.safeParse(address).success);
}

/** Retries of a failed flow (issue 29): a collection's setting, which a schedule may override. */
export const MAX_FLOW_RETRIES = 3;
export const RETRIES_MESSAGE = `Retries must be a whole number from 0 to ${MAX_FLOW_RETRIES}`;
export const RETRIES_LABEL = 'Retries';
export const RETRIES_HELP = 'Run a failed flow again up to N times';
/** The choices of a Retries field: 0 to MAX_FLOW_RETRIES. */
export const RETRIES_CHOICES = Array.from({ length: MAX_FLOW_RETRIES + 1 }, (_, retries) => retries);
export const retriesSchema = z
  .number({ error: RETRIES_MESSAGE })
  .int({ error: RETRIES_MESSAGE })
  .min(0, { error: RETRIES_MESSAGE })
  .max(MAX_FLOW_RETRIES, { error: RETRIES_MESSAGE });

export const collectionSchema = z.object({
  collectionId: z.string().max(64),
  id: z.string().max(64),
  testSuiteId: z.string().max(64).optional(),
  testSuiteName: z
    .string()
    .trim()
    // A blank name is only 'required', not also 'pattern'.
    .min(1, { message: FIELD_ERROR_KEYS.required, abort: true })
    .max(200, FIELD_ERROR_KEYS.maxLength)
    .regex(COLLECTION_NAME_PATTERN, FIELD_ERROR_KEYS.pattern),
  suiteDescription: z.string().max(5000).default(''),
  suiteNotifyEmails: z.string().max(5000, FIELD_ERROR_KEYS.maxLength).default('').refine(isValidEmailList, FIELD_ERROR_KEYS.multiEmail),
  video: z.boolean().default(false),
  executionType: z.enum(EXECUTION_TYPES).default('SEQUENTIAL'),
  /** A failed flow runs again up to this many times; a document without it (saved or exported before) reads as 0. */
  retries: retriesSchema.default(0),
  deviceType: z.enum(DEVICE_TYPES).default('HYBRID'),
  /** Chosen resources: resource id -> display name. */
  hybridDeviceIds: z.record(z.string(), z.string()).default({}),
  testCases: z.array(testCaseSchema).max(500).default([]),
  initTestSteps: z.array(testCaseSchema).max(50).default([]),
  postTestSteps: z.array(testCaseSchema).max(50).default([]),
  customAttributes: z.array(customAttributeSchema).max(100).default([]),
  tags: z.array(z.string()).max(100).default([]),
  version: z.string().max(64).nullable().default(null),
  /** Issue-tracker fields (spec part 1 §3): kept as sent; the report shows the scenario while the issue tracker is on. */
  jiraIntegration: z.boolean().optional(),
  scenario: z.string().max(500, FIELD_ERROR_KEYS.maxLength).optional(),
  /** The collection this one was chained from (spec part 1 §3); kept as sent, no run follows chains in this build. */
  testChainParentId: z.string().max(64, FIELD_ERROR_KEYS.maxLength).optional(),
  createdBy: z.string().optional(),
  createdDate: z.string().optional(),
  updatedBy: z.string().optional(),
  updatedDate: z.string().optional(),
  result: z.string().optional(),
});
export type Collection = z.infer<typeof collectionSchema>;

/** The three ordered flow lists of a collection (spec part 1 §3): init, main and post flows. */
export const FLOW_LISTS = ['initTestSteps', 'testCases', 'postTestSteps'] as const;
export type FlowListKey = (typeof FLOW_LISTS)[number];

/**
 * A collection as saveTest accepts it (issue 27): the document, and each step's fields as its action needs them, with a
 * message per field at `<list>.<flow>.steps.<step>.<target|value>`. Stored, imported and run documents are read with
 * `collectionSchema` alone, so a collection saved before these checks still opens, runs and exports; saving it asks
 * for the fields to be completed.
 */
export const savedCollectionSchema = collectionSchema.superRefine((collection, context) => {
  for (const list of FLOW_LISTS) {
    collection[list].forEach((flow, flowIndex) =>
      flow.steps.forEach((step, stepIndex) => {
        for (const issue of stepFieldIssues(step)) {
          context.addIssue({ code: 'custom', path: [list, flowIndex, 'steps', stepIndex, issue.slot], message: issue.message });
        }
      }),
    );
  }
});

/** The row a collection list shows; `result` 'deleted' marks a deleted collection, shown disabled. */
export const collectionSummarySchema = z.object({
  id: z.string(),
  collectionId: z.string(),
  testSuiteName: z.string(),
  suiteDescription: z.string(),
  deviceType: z.enum(DEVICE_TYPES),
  executionType: z.enum(EXECUTION_TYPES),
  tags: z.array(z.string()),
  version: z.string().nullable(),
  updatedBy: z.string(),
  updatedDate: z.string(),
  result: z.string().optional(),
});
export type CollectionSummary = z.infer<typeof collectionSummarySchema>;

/** A collection's row in getCollectionsList: what the server answers and what the test backends fake. */
export function toCollectionSummary(collection: Collection): CollectionSummary {
  return {
    id: collection.id,
    collectionId: collection.collectionId,
    testSuiteName: collection.testSuiteName,
    suiteDescription: collection.suiteDescription,
    deviceType: collection.deviceType,
    executionType: collection.executionType,
    tags: collection.tags,
    version: collection.version,
    updatedBy: collection.updatedBy ?? '',
    updatedDate: collection.updatedDate ?? '',
    ...(collection.result === undefined ? {} : { result: collection.result }),
  };
}

export const COLLECTION_OPENED_MESSAGE = 'Test Suite Open...';
export const COLLECTION_SAVED_MESSAGE = 'Test Suite Saved!';

export function collectionNotFoundMessage(id: string): string {
  return `Collection ${id} not found`;
}

export function duplicateCollectionNameMessage(name: string): string {
  return `A collection named '${name}' already exists.`;
}

/** GET {automation}/testSuite/loadTest?id and POST {automation}/testSuite/saveTest answer the whole collection. */
export const collectionResponseSchema = z.object({ status: z.literal(true), message: z.string(), data: collectionSchema });
export type CollectionResponse = z.infer<typeof collectionResponseSchema>;

/** POST {automation}/testSuite/saveTest as a form: the collection as JSON text in `testsuite`. */
export const saveCollectionFormSchema = z.object({ testsuite: z.string().min(1, FIELD_ERROR_KEYS.required) });

export const collectionListResponseSchema = z.object({ success: z.literal(true), data: z.array(collectionSummarySchema) });

/** One test suite of the dashboard feed (spec part 1 §3 Collection selector value: value, tags[] and version). */
export const testSuiteFeedItemSchema = z.object({
  id: z.string(),
  testSuiteName: z.string(),
  tags: z.array(z.string()),
  version: z.string().nullable(),
});
export type TestSuiteFeedItem = z.infer<typeof testSuiteFeedItemSchema>;

export const testSuiteFeedResponseSchema = z.object({ success: z.literal(true), data: z.array(testSuiteFeedItemSchema) });

/** Tags (spec part 1 §3): version tags, and organization tags that group collections. */
export const VERSION_TAG = 'VERSION_TAG';
export const ORGANIZATION_TAG = 'ORGANIZATION_TAG';
export const TAG_TYPES = [VERSION_TAG, ORGANIZATION_TAG] as const;
export type TagType = (typeof TAG_TYPES)[number];

export const tagSchema = z.object({
  id: z.string(),
  tagName: z.string(),
  tagType: z.enum(TAG_TYPES),
  hideTag: z.boolean(),
});
export type Tag = z.infer<typeof tagSchema>;

export const tagListResponseSchema = z.object({ success: z.literal(true), data: z.array(tagSchema) });

/** The collection name rule plus dots, so version tags read like versions (v2.0.1). */
export const TAG_NAME_PATTERN = /^[A-Za-z0-9_.-][A-Za-z0-9_. -]*$/;

export const saveTagRequestSchema = z.object({
  tagName: z
    .string()
    .trim()
    .min(1, { message: FIELD_ERROR_KEYS.required, abort: true })
    .max(100, FIELD_ERROR_KEYS.maxLength)
    .regex(TAG_NAME_PATTERN, FIELD_ERROR_KEYS.pattern),
  tagType: z.enum(TAG_TYPES),
  hideTag: z.boolean().default(false),
});
export type SaveTagRequest = z.input<typeof saveTagRequestSchema>;

export const TAG_SAVED_MESSAGE = 'Tag Saved';
export const tagSavedResponseSchema = z.object({ success: z.literal(true), message: z.string(), data: tagSchema });

/**
 * The tag filter of the collection/tag selector (spec part 1 §4 Selector): a collection matches when it carries
 * every chosen organisation tag and, if version tags are chosen, one of them as its version.
 */
export function matchesTagSelection(
  collection: Pick<TestSuiteFeedItem, 'tags' | 'version'>,
  organizationTagIds: readonly string[],
  versionTagIds: readonly string[],
): boolean {
  const hasAllTags = organizationTagIds.every((tagId) => collection.tags.includes(tagId));
  const versionMatches = versionTagIds.length === 0 || (collection.version !== null && versionTagIds.includes(collection.version));
  return hasAllTags && versionMatches;
}
