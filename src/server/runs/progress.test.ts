import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RunProgress } from '../../shared/contracts/runs';
import { ProgressTracker } from './progress';

/** The percentage a "completed/total" text stands for, rounded as the tracker rounds. */
function percentOf(text: string): number {
  const [done = 0, total = 0] = text.split('/').map(Number);
  return total <= 0 ? 0 : Math.min(100, Math.round((done / total) * 100));
}

function expectLabelsAgree(progress: RunProgress): void {
  expect(percentOf(progress.caseProgress1)).toBe(progress.caseProgress);
  expect(percentOf(progress.stepProgress1)).toBe(progress.stepProgress);
}

describe('ProgressTracker', () => {
  it('counts completed flows and completed steps of the current flow loop, in text and percentage alike', () => {
    const tracker = new ProgressTracker(2, 3);
    tracker.startCase('Sign in', 1, 1, 3);
    tracker.startStep(1);
    expect(tracker.snapshot()).toMatchObject({ caseProgress1: '0/2', caseProgress: 0, stepProgress1: '0/3', stepProgress: 0 });
    expect(tracker.snapshot().currentStatus).toMatchObject({ stepIndexCurrent: 1, stepIndexMax: 3, caseIndexCurrent: 1 });
    tracker.stepEnded('PASSED');
    tracker.startStep(2);
    expect(tracker.snapshot()).toMatchObject({ stepProgress1: '1/3', stepProgress: 33 });
    tracker.stepEnded('PASSED');
    tracker.startStep(3);
    tracker.stepEnded('FAILED');
    tracker.caseEnded('FAILED');
    expect(tracker.snapshot()).toMatchObject({ caseProgress1: '1/2', caseProgress: 50, stepProgress1: '3/3', stepProgress: 100 });
  });

  it('keeps every label and its bar in step for any shape of run', () => {
    const flows = fc.array(fc.record({ loops: fc.integer({ min: 1, max: 3 }), steps: fc.integer({ min: 0, max: 6 }) }), { maxLength: 5 });
    fc.assert(
      fc.property(flows, (plan) => {
        const tracker = new ProgressTracker(plan.length, plan.reduce((sum, flow) => sum + flow.loops * flow.steps, 0));
        expectLabelsAgree(tracker.snapshot());
        for (const [index, flow] of plan.entries()) {
          for (let loop = 1; loop <= flow.loops; loop += 1) {
            tracker.startCase(`Flow ${index}`, loop, flow.loops, flow.steps);
            expectLabelsAgree(tracker.snapshot());
            for (let step = 1; step <= flow.steps; step += 1) {
              tracker.startStep(step);
              expectLabelsAgree(tracker.snapshot());
              tracker.stepEnded('PASSED');
              expectLabelsAgree(tracker.snapshot());
            }
          }
          tracker.caseEnded('PASSED');
          expectLabelsAgree(tracker.snapshot());
        }
        tracker.finish();
        const done = tracker.snapshot();
        expectLabelsAgree(done);
        expect(done.caseProgress1).toBe(`${plan.length}/${plan.length}`);
      }),
    );
  });
});
