import type { TestCaseDetail } from './contracts/runs';

/** One attempt of a flow visit as a report shows it: its number, result and loops (issue 29, retries). */
export interface FlowAttempt {
  attempt: number;
  result: TestCaseDetail['testCaseResult'];
  loops: TestCaseDetail['testCaseDetailByLoop'];
}

/** The attempts of a flow visit in the order they ran, its last one included (a visit not retried has one). */
export function attemptsOf(testCase: TestCaseDetail): FlowAttempt[] {
  const earlier = (testCase.earlierAttempts ?? []).map((attempt) => ({ attempt: attempt.attempt, result: attempt.result, loops: attempt.testCaseDetailByLoop }));
  return [...earlier, { attempt: testCase.attempt ?? 1, result: testCase.testCaseResult, loops: testCase.testCaseDetailByLoop }];
}

/** Whether the visit ran more than once. */
export const wasRetried = (testCase: TestCaseDetail): boolean => (testCase.earlierAttempts?.length ?? 0) > 0;

/** The retry the visit passed on (1 to 3), or null when it passed on its first attempt or failed. */
export function passedOnRetryOf(testCase: TestCaseDetail): number | null {
  const attempt = testCase.attempt ?? 1;
  return testCase.testCaseResult === 'PASSED' && attempt > 1 ? attempt - 1 : null;
}

/** "Attempt 2 (passed)": how the report names an attempt of a retried flow. */
export const attemptLabel = (attempt: Pick<FlowAttempt, 'attempt' | 'result'>): string => `Attempt ${attempt.attempt} (${attempt.result.toLowerCase()})`;
