import { collectionSchema, DEFAULT_STEP_TIMEOUT_MS, type Collection, type Step, type TestCase } from '../../shared/contracts/collections';
import { DEMO_FAILING_COLLECTION, DEMO_PASSING_COLLECTION } from '../../shared/demo-collections';
import { endpoints } from '../../shared/endpoints';
import type { Db } from '../db/database';
import { countAllCollections, insertCollection } from '../collections/repository';

/** The executor replaces `${BASE_URL}` with this server's own origin, so the seeds work on any host and port. */
export const DEMO_APP_URL = `\${BASE_URL}${endpoints.demoApp}`;
export { DEMO_FAILING_COLLECTION, DEMO_PASSING_COLLECTION };
/** The failing seed's wrong expectation fails fast instead of waiting the default step timeout. */
const WRONG_ASSERTION_TIMEOUT_MS = 2000;

const DESCRIPTION_SUFFIX = `Steps open ${DEMO_APP_URL}; the executor replaces \${BASE_URL} with this server's origin.`;

function step(stepId: string, stepName: string, action: Step['action'], target: string, value = '', timeoutMs = DEFAULT_STEP_TIMEOUT_MS): Step {
  return { stepId, stepName, action, target, value, timeoutMs };
}

function flow(testCaseId: string, testCaseName: string, steps: Step[]): TestCase {
  return { testCaseId, testCaseName, testCaseType: 'FLOW', loop: 1, steps };
}

const signInSteps: Step[] = [
  step('open-demo', 'Open the demo app', 'open', '', DEMO_APP_URL),
  step('type-user', 'Type the user', 'type', '#username', 'demo'),
  step('type-password', 'Type the password', 'type', '#password', 'demo'),
  step('click-sign-in', 'Click Sign in', 'click', 'text=Sign in'),
];

function demoCollection(testSuiteName: string, suiteDescription: string, testCases: TestCase[]): Collection {
  return collectionSchema.parse({
    collectionId: '',
    id: '',
    testSuiteName,
    suiteDescription: `${suiteDescription} ${DESCRIPTION_SUFFIX}`,
    deviceType: 'BROWSER',
    executionType: 'SEQUENTIAL',
    testCases,
  });
}

export const demoCollections: readonly Collection[] = [
  demoCollection(DEMO_PASSING_COLLECTION, 'Signs in to the demo app and adds an item: passes.', [
    flow('sign-in', 'Sign in', [
      ...signInSteps,
      step('assert-title', 'The list page is open', 'assertTitle', '', 'Demo items'),
      step('assert-heading', 'The heading reads Items', 'assertText', 'h1', 'Items'),
    ]),
    flow('add-item', 'Add an item', [
      step('type-item', 'Type a new item', 'type', '#new-item', 'Check the report'),
      step('pick-category', 'Pick the Work category', 'select', '#category', 'Work'),
      step('tick-urgent', 'Mark it urgent', 'check', '#urgent', 'true'),
      step('click-add', 'Click Add item', 'click', 'text=Add item'),
      step('assert-item', 'The new item is listed', 'assertText', '#items', 'Check the report'),
      step('assert-count', 'The list counts four items', 'assertText', '#count', '4 items'),
    ]),
  ]),
  demoCollection(DEMO_FAILING_COLLECTION, 'Signs in and expects a heading the page does not have: fails with a screenshot.', [
    flow('sign-in-wrong-heading', 'Sign in and expect a wrong heading', [
      ...signInSteps,
      step('assert-wrong-heading', 'The heading reads Welcome back', 'assertText', 'h1', 'Welcome back', WRONG_ASSERTION_TIMEOUT_MS),
    ]),
  ]),
];

/**
 * On the first start (no collection was ever stored, deleted ones included) stores the two demo collections in the
 * first organization, authored by its first user. Returns whether it seeded.
 */
export async function seedDemoCollections(db: Db): Promise<boolean> {
  if ((await countAllCollections(db)) > 0) return false;
  const author = await db
    .selectFrom('users')
    .innerJoin('organizations', 'organizations.id', 'users.org_id')
    .select(['users.user_id as userId', 'organizations.id as orgId'])
    .orderBy('organizations.created_at')
    .orderBy('users.created_at')
    .executeTakeFirst();
  if (!author) return false;
  await db.transaction().execute(async (trx) => {
    for (const collection of demoCollections) await insertCollection(trx, collection, author);
  });
  return true;
}
