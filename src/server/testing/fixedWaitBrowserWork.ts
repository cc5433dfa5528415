import { setTimeout as sleep } from 'node:timers/promises';
import { collectionSchema } from '../../shared/contracts/collections';
import { RunStopped } from '../runs/executor/browserExecutor';
import { ProgressTracker } from '../runs/progress';
import type { BrowserWork } from '../runs/service';

/**
 * Browser work that drives no browser: it waits `waitMs`, then records every step of the collection's flows (each
 * flow once, loops aside) as PASSED through the run's recorder, with the progress writes the real executor makes
 * around a step, and answers PASSED. The run service then ends the run as after any real run. Cancel or release
 * stops the wait at once, as it closes a real browser.
 */
export function fixedWaitBrowserWork(waitMs: number): BrowserWork {
  return async ({ run, recorder, signal }) => {
    const collection = collectionSchema.parse(JSON.parse(run.collection));
    const flows = [...collection.initTestSteps, ...collection.testCases, ...collection.postTestSteps];
    const tracker = new ProgressTracker(flows.length, flows.reduce((sum, flow) => sum + flow.steps.length, 0));
    await recorder.progress(tracker.snapshot());
    try {
      await sleep(waitMs, undefined, { signal });
    } catch {
      throw new RunStopped();
    }
    for (const [flowIndex, flow] of flows.entries()) {
      tracker.startCase(flow.testCaseName, 1, 1, flow.steps.length);
      await recorder.progress(tracker.snapshot());
      await recorder.log(`${flow.testCaseName}: loop 1 of 1`);
      for (const [index, step] of flow.steps.entries()) {
        tracker.startStep(index + 1);
        await recorder.progress(tracker.snapshot());
        const at = new Date().toISOString();
        tracker.stepEnded('PASSED');
        await recorder.step(
          {
            status_id: run.status_id,
            flow_index: flowIndex + 1,
            flow_id: flow.testCaseId,
            flow_name: flow.testCaseName,
            flow_type: flow.testCaseType,
            flow_loop: 1,
            step_id: step.stepId,
            step_name: step.stepName,
            action: step.action,
            result: 'PASSED',
            error_detail: '',
            validation_result: '',
            images: [],
            attachments: [],
            time_started: at,
            time_completed: at,
          },
          tracker.snapshot(),
        );
      }
      tracker.caseEnded('PASSED');
    }
    tracker.finish();
    return { result: 'PASSED', progress: tracker.snapshot() };
  };
}
