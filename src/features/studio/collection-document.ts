import {
  DEFAULT_STEP_TIMEOUT_MS,
  FLOW_LISTS,
  NEW_COLLECTION_ID,
  type Collection,
  type FlowListKey,
  type Step,
  type StepAction,
  type TestCase,
} from '../../shared/contracts/collections';
import { STEP_ACTION_LABELS, stepFieldIssues } from '../../shared/contracts/step-fields';
import { maxLength, multiEmail, namePattern, required, validate } from '../../lib/validators';
import { newClientRecordId } from '../../shared/contracts/client-ids';

const FLOW_TYPE_OF_LIST: Readonly<Record<FlowListKey, TestCase['testCaseType']>> = {
  initTestSteps: 'PRE_FLOW',
  testCases: 'FLOW',
  postTestSteps: 'POST_FLOW',
};

const NAME_MAX_LENGTH = 200;
const EMAILS_MAX_LENGTH = 5000;

function newId(): string {
  return crypto.randomUUID();
}

/**
 * A new collection: collectionId "new" says the server has not stored it yet, and `id` is the id the Studio made for
 * it, under which the server creates it, so saving it twice before it syncs stays one collection (see client-ids).
 */
export function emptyCollection(): Collection {
  return {
    collectionId: NEW_COLLECTION_ID,
    id: newClientRecordId(),
    testSuiteName: '',
    suiteDescription: '',
    suiteNotifyEmails: '',
    video: false,
    executionType: 'SEQUENTIAL',
    retries: 0,
    deviceType: 'HYBRID',
    hybridDeviceIds: {},
    testCases: [],
    initTestSteps: [],
    postTestSteps: [],
    customAttributes: [],
    tags: [],
    version: null,
  };
}

const NEW_FLOW_NAME: Readonly<Record<FlowListKey, string>> = {
  initTestSteps: 'Init flow',
  testCases: 'Flow',
  postTestSteps: 'Post flow',
};

export function newFlow(list: FlowListKey, position: number): TestCase {
  return { testCaseId: newId(), testCaseName: `${NEW_FLOW_NAME[list]} ${position}`, testCaseType: FLOW_TYPE_OF_LIST[list], loop: 1, steps: [] };
}

export function newStep(action: StepAction = 'open'): Step {
  return { stepId: newId(), stepName: STEP_ACTION_LABELS[action], action, target: '', value: '', timeoutMs: DEFAULT_STEP_TIMEOUT_MS };
}

/** Moves the item at `from` by `offset` places; out-of-range moves leave the list as it is. */
export function move<Item>(items: readonly Item[], from: number, offset: number): Item[] {
  const to = from + offset;
  if (from < 0 || from >= items.length || to < 0 || to >= items.length) return [...items];
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as Item);
  return next;
}

/** A collection with flows, init/post flows or chosen resources loses them on a resource type change (spec part 1 §4). */
export function resourceTypeChangeNeedsConfirmation(collection: Collection): boolean {
  return (
    collection.testCases.length > 0 ||
    collection.initTestSteps.length > 0 ||
    collection.postTestSteps.length > 0 ||
    Object.keys(collection.hybridDeviceIds).length > 0
  );
}

export function withResourceType(collection: Collection, deviceType: Collection['deviceType']): Collection {
  return { ...collection, deviceType, hybridDeviceIds: {}, initTestSteps: [], postTestSteps: [], testCases: [] };
}

/** Spec part 1 §5: Add is enabled only if the last attribute has a name (an empty list may always add). */
export function canAddCustomAttribute(collection: Collection): boolean {
  const last = collection.customAttributes.at(-1);
  return last === undefined || last.name.trim() !== '';
}

export interface CollectionErrors {
  testSuiteName: string | null;
  suiteNotifyEmails: string | null;
}

export function collectionErrors(collection: Collection): CollectionErrors {
  return {
    // Checked as saved: trimmed, as the server trims before its own pattern check.
    testSuiteName: validate(collection.testSuiteName.trim(), required, namePattern, maxLength(NAME_MAX_LENGTH)),
    suiteNotifyEmails: validate(collection.suiteNotifyEmails, multiEmail, maxLength(EMAILS_MAX_LENGTH)),
  };
}

/**
 * How many fields keep the collection from being saved: its name and e-mails, unnamed flows and steps, and step fields
 * their action needs (savedCollectionSchema's checks).
 */
export function collectionProblemCount(collection: Collection): number {
  const errors = collectionErrors(collection);
  const formProblems = [errors.testSuiteName, errors.suiteNotifyEmails].filter((error) => error !== null).length;
  const flowProblems = FLOW_LISTS.flatMap((list) => collection[list]).reduce(
    (count, flow) =>
      count +
      (flow.testCaseName.trim() === '' ? 1 : 0) +
      flow.steps.reduce((stepCount, step) => stepCount + (step.stepName.trim() === '' ? 1 : 0) + stepFieldIssues(step).length, 0),
    0,
  );
  return formProblems + flowProblems;
}

export function isCollectionValid(collection: Collection): boolean {
  return collectionProblemCount(collection) === 0;
}

/**
 * The document saveTest receives: names trimmed (spec part 1 §5), unnamed attributes dropped, and branching targets
 * kept only while the collection branches and the target flow still exists.
 */
export function toSaveDocument(collection: Collection): Collection {
  const flowIds = new Set(collection.testCases.map((flow) => flow.testCaseId));
  const branches = collection.executionType === 'BRANCHING';
  const keepTarget = (target: string | undefined) => (branches && target && flowIds.has(target) ? target : undefined);
  const trimFlow = (flow: TestCase): TestCase => {
    const { nextOnPass, nextOnFail, ...rest } = flow;
    const pass = keepTarget(nextOnPass);
    const fail = keepTarget(nextOnFail);
    return {
      ...rest,
      testCaseName: flow.testCaseName.trim(),
      steps: flow.steps.map((step) => ({ ...step, stepName: step.stepName.trim() })),
      ...(pass ? { nextOnPass: pass } : {}),
      ...(fail ? { nextOnFail: fail } : {}),
    };
  };
  return {
    ...collection,
    testSuiteName: collection.testSuiteName.trim(),
    customAttributes: collection.customAttributes.filter((attribute) => attribute.name.trim() !== ''),
    initTestSteps: collection.initTestSteps.map(trimFlow),
    testCases: collection.testCases.map(trimFlow),
    postTestSteps: collection.postTestSteps.map(trimFlow),
  };
}
