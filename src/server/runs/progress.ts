import type { RunProgress } from '../../shared/contracts/runs';

export function initialProgress(): RunProgress {
  return {
    caseProgress: 0,
    caseProgress1: '0/0',
    stepProgress: 0,
    stepProgress1: '0/0',
    totalProgress: 0,
    currentStatus: {
      cumulativeStepCurrent: 0,
      cumulativeStepMax: 0,
      caseIndexCurrent: 0,
      caseIndexMax: 0,
      caseLoopCurrent: 0,
      caseLoopMax: 0,
      stepIndexCurrent: 0,
      stepIndexMax: 0,
      stepLoopCurrent: 0,
      stepLoopMax: 0,
      CurrentTestCasesName: '',
    },
    passedSteps: 0,
    failedSteps: 0,
    skippedSteps: 0,
    passedCases: 0,
    failedCases: 0,
  };
}

const percent = (current: number, max: number): number => (max <= 0 ? 0 : Math.min(100, Math.round((current / max) * 100)));

/**
 * Where a run is. Cases are flow visits (a flow with all its loops); the planned totals are what the collection
 * promises (BRANCHING may revisit flows, so a max grows when the run goes past it). Every progress figure counts what
 * is completed: flows done over flows planned, steps done in the current flow loop over its steps, steps done over all
 * planned steps; `currentStatus` alone says which flow, loop and step is in progress.
 */
export class ProgressTracker {
  private progress = initialProgress();
  private casesDone = 0;
  private stepsDone = 0;
  private caseStepsDone = 0;
  /** The step counts of the current flow visit's attempt, which a retry takes back. */
  private attemptCounts = { passedSteps: 0, failedSteps: 0, skippedSteps: 0 };

  constructor(plannedCases: number, plannedSteps: number) {
    this.progress.currentStatus.caseIndexMax = plannedCases;
    this.progress.currentStatus.cumulativeStepMax = plannedSteps;
  }

  startCase(name: string, loop: number, loopMax: number, stepMax: number): void {
    const status = this.progress.currentStatus;
    if (loop === 1) {
      status.caseIndexCurrent += 1;
      this.attemptCounts = { passedSteps: 0, failedSteps: 0, skippedSteps: 0 };
    }
    this.caseStepsDone = 0;
    status.caseIndexMax = Math.max(status.caseIndexMax, status.caseIndexCurrent);
    Object.assign(status, {
      CurrentTestCasesName: name,
      caseLoopCurrent: loop,
      caseLoopMax: loopMax,
      stepIndexCurrent: 0,
      stepIndexMax: stepMax,
      stepLoopCurrent: 0,
      stepLoopMax: 1,
    });
  }

  startStep(index: number): void {
    Object.assign(this.progress.currentStatus, { stepIndexCurrent: index, stepLoopCurrent: 1 });
    this.progress.currentStatus.cumulativeStepCurrent = this.stepsDone + 1;
  }

  stepEnded(result: 'PASSED' | 'FAILED' | 'SKIPPED'): void {
    this.stepsDone += 1;
    this.caseStepsDone += 1;
    const counter = result === 'PASSED' ? 'passedSteps' : result === 'FAILED' ? 'failedSteps' : 'skippedSteps';
    this.progress[counter] += 1;
    this.attemptCounts[counter] += 1;
    const status = this.progress.currentStatus;
    status.cumulativeStepCurrent = this.stepsDone;
    status.cumulativeStepMax = Math.max(status.cumulativeStepMax, this.stepsDone);
  }

  /**
   * The flow visit failed and runs again (a retry): its steps so far no longer count as passed, failed or skipped (the
   * final attempt's do), the visit is started again, and the `steps` it runs again are planned on top.
   */
  retryCase(steps: number): void {
    for (const counter of ['passedSteps', 'failedSteps', 'skippedSteps'] as const) this.progress[counter] -= this.attemptCounts[counter];
    const status = this.progress.currentStatus;
    status.caseIndexCurrent -= 1;
    status.cumulativeStepMax += steps;
  }

  caseEnded(result: 'PASSED' | 'FAILED'): void {
    this.casesDone += 1;
    if (result === 'PASSED') this.progress.passedCases += 1;
    else this.progress.failedCases += 1;
  }

  noteVideo(message: string): void {
    this.progress.videoMessage = message;
  }

  /** A run that ran to its end did all it was going to do: the maxes become what was done. */
  finish(): void {
    const status = this.progress.currentStatus;
    status.caseIndexMax = this.casesDone;
    status.cumulativeStepMax = this.stepsDone;
    status.stepIndexCurrent = status.stepIndexMax;
    this.caseStepsDone = status.stepIndexMax;
  }

  /** The figures as they are now, percentages derived. */
  snapshot(): RunProgress {
    const status = this.progress.currentStatus;
    return {
      ...this.progress,
      currentStatus: { ...status },
      caseProgress: percent(this.casesDone, status.caseIndexMax),
      caseProgress1: `${this.casesDone}/${status.caseIndexMax}`,
      stepProgress: percent(this.caseStepsDone, status.stepIndexMax),
      stepProgress1: `${this.caseStepsDone}/${status.stepIndexMax}`,
      totalProgress: percent(this.stepsDone, status.cumulativeStepMax),
    };
  }
}
