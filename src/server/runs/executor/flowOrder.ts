import type { Collection, TestCase } from '../../../shared/contracts/collections';

export type FlowResult = 'PASSED' | 'FAILED';

/** BRANCHING stops after this many flow visits per flow of the collection, so a cycle of branches cannot run forever. */
export const BRANCH_VISITS_PER_FLOW = 10;

/** mulberry32: a small seeded generator, so a RANDOM order can be replayed from the seed in the run's log. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

/**
 * The flows (test cases, not init/post) in the order the execution type gives. The caller sends each flow's result
 * back through next(result): BRANCHING uses it to pick nextOnPass / nextOnFail (a flow id; absent or unknown ends
 * the run's flows). The return value says whether BRANCHING hit its visit cap.
 */
export function* orderFlows(
  collection: Pick<Collection, 'executionType' | 'testCases'>,
  random: () => number,
): Generator<TestCase, { capped: boolean }, FlowResult | undefined> {
  const flows = collection.testCases;
  if (collection.executionType !== 'BRANCHING') {
    const order = collection.executionType === 'RANDOM' ? shuffled(flows, random) : flows;
    for (const flow of order) yield flow;
    return { capped: false };
  }
  const cap = flows.length * BRANCH_VISITS_PER_FLOW;
  let current = flows[0];
  for (let visits = 0; current; visits += 1) {
    if (visits >= cap) return { capped: true };
    const result = yield current;
    const nextId = result === 'PASSED' ? current.nextOnPass : current.nextOnFail;
    current = nextId ? flows.find((flow) => flow.testCaseId === nextId) : undefined;
  }
  return { capped: false };
}
