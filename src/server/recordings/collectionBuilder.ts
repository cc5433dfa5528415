import { collectionSchema, DEFAULT_STEP_TIMEOUT_MS, type Collection } from '../../shared/contracts/collections';
import type { RecordedAction } from '../../shared/contracts/recordings';

export const RECORDED_TEST_CASE_NAME = 'Recorded flow';

/**
 * The actions as steps are replayed: the agent sends one 'type' per keystroke, each carrying the field's whole value
 * so far, so a run of them on one target is worth only its last.
 */
export function collapseTyping(actions: readonly RecordedAction[]): RecordedAction[] {
  const ordered = [...actions].sort((a, b) => a.seq - b.seq);
  return ordered.filter((action, index) => {
    const next = ordered[index + 1];
    return !(action.action === 'type' && next?.action === 'type' && next.target === action.target);
  });
}

/** The collection a recording makes: one SEQUENTIAL HYBRID flow whose steps are the recorded actions. */
export function recordedCollection(name: string, actions: readonly RecordedAction[]): Collection {
  const steps = collapseTyping(actions).map((action, index) => ({
    stepId: `step-${index + 1}`,
    stepName: action.stepName,
    action: action.action,
    target: action.target,
    value: action.value,
    timeoutMs: DEFAULT_STEP_TIMEOUT_MS,
  }));
  return collectionSchema.parse({
    collectionId: '',
    id: '',
    testSuiteName: name,
    deviceType: 'HYBRID',
    executionType: 'SEQUENTIAL',
    testCases: [{ testCaseId: 'recorded-flow', testCaseName: RECORDED_TEST_CASE_NAME, testCaseType: 'FLOW', steps }],
  });
}
