import { describe, expect, it } from 'vitest';
import { testCaseSchema, type TestCase } from '../../../shared/contracts/collections';
import { BRANCH_VISITS_PER_FLOW, orderFlows, seededRandom, type FlowResult } from './flowOrder';

const flow = (testCaseId: string, next: { nextOnPass?: string; nextOnFail?: string } = {}): TestCase =>
  testCaseSchema.parse({ testCaseId, testCaseName: testCaseId, ...next });

/** Drives the generator, answering each flow with `resultOf(flow id)`. */
function walk(testCases: TestCase[], executionType: 'SEQUENTIAL' | 'RANDOM' | 'BRANCHING', resultOf: (id: string) => FlowResult, seed = 1) {
  const order = orderFlows({ executionType, testCases }, seededRandom(seed));
  const visited: string[] = [];
  let next = order.next();
  while (!next.done) {
    visited.push(next.value.testCaseId);
    next = order.next(resultOf(next.value.testCaseId));
  }
  return { visited, capped: next.value.capped };
}

const pass = (): FlowResult => 'PASSED';
const ids = ['a', 'b', 'c', 'd', 'e', 'f'];

describe('flow order', () => {
  it('keeps SEQUENTIAL order', () => {
    expect(
      walk(
        ids.map((id) => flow(id)),
        'SEQUENTIAL',
        pass,
      ).visited,
    ).toEqual(ids);
  });

  it('shuffles RANDOM the same way for the same seed, differently for another', () => {
    const flows = ids.map((id) => flow(id));
    const first = walk(flows, 'RANDOM', pass, 42).visited;
    expect([...first].sort()).toEqual(ids);
    expect(walk(flows, 'RANDOM', pass, 42).visited).toEqual(first);
    const others = [1, 2, 3, 4, 5].map((seed) => walk(flows, 'RANDOM', pass, seed).visited.join());
    expect(others.some((order) => order !== first.join())).toBe(true);
  });

  it('follows BRANCHING results from the first flow and ends where no next flow is named', () => {
    const flows = [flow('a', { nextOnPass: 'c', nextOnFail: 'b' }), flow('b'), flow('c', { nextOnFail: 'a' })];
    expect(walk(flows, 'BRANCHING', pass).visited).toEqual(['a', 'c']);
    const results: Record<string, FlowResult[]> = { a: ['PASSED', 'FAILED'], c: ['FAILED'] };
    const answer = (id: string): FlowResult => results[id]?.shift() ?? 'PASSED';
    expect(walk(flows, 'BRANCHING', answer).visited).toEqual(['a', 'c', 'a', 'b']);
    expect(walk([flow('a', { nextOnPass: 'missing' })], 'BRANCHING', pass).visited).toEqual(['a']);
  });

  it('caps BRANCHING cycles at BRANCH_VISITS_PER_FLOW visits per flow', () => {
    const flows = [flow('a', { nextOnPass: 'b' }), flow('b', { nextOnPass: 'a' })];
    const { visited, capped } = walk(flows, 'BRANCHING', pass);
    expect(capped).toBe(true);
    expect(visited).toHaveLength(2 * BRANCH_VISITS_PER_FLOW);
  });
});
