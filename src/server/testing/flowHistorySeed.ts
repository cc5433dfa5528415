import { randomUUID } from 'node:crypto';
import type { RunResourceKind } from '../../shared/contracts/flakiness';
import type { Db } from '../db/database';
import type { RunState, StepResultValue } from '../db/schema-runs';
import { recordRunFlowResults } from '../runs/flowResults';
import { insertStepResult } from '../runs/repository';
import { insertHistoryRuns } from './historyFixtures';

/** Finished runs with flow results, for the flakiness tests (issue 29): times are offsets from T0. */
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
export const T0 = Date.parse('2026-10-01T08:00:00.000Z');
export const at = (offsetMs: number): string => new Date(T0 + offsetMs).toISOString();
export const VERSION_1 = 'a'.repeat(64);
export const VERSION_2 = 'b'.repeat(64);

export type Outcome = Extract<StepResultValue, 'PASSED' | 'FAILED' | 'SKIPPED'>;

export interface SeededRun {
  collectionId: string;
  /** When it ended, from T0. */
  endedAt: number;
  flows: Readonly<Record<string, Outcome>>;
  version?: string | null;
  kind?: RunResourceKind | null;
  state?: RunState;
  /** The failing step's error; by default a timeout whose figures, order id and time change from run to run. */
  error?: string;
}

let failures = 0;
const changingTimeout = (): string => {
  failures += 1;
  return `Timeout ${4000 + failures * 37}ms exceeded waiting for #total of order ${randomUUID()} at ${at(failures * 1000)}`;
};

/**
 * A finished run written through the repository layer (insertHistoryRuns, insertStepResult, recordRunFlowResults): each flow has two
 * steps, `open` and `check`; a failing flow fails at `check`, a skipped one skips both.
 */
export async function seedRun(db: Db, orgId: string, run: SeededRun): Promise<string> {
  const outcomes = Object.values(run.flows);
  const [statusId = ''] = await insertHistoryRuns(db, [
    {
      orgId,
      collectionId: run.collectionId,
      state: run.state ?? (outcomes.includes('FAILED') ? 'FAILED' : 'PASSED'),
      submitted: at(run.endedAt - 10 * 60_000),
      started: at(run.endedAt - 5 * 60_000),
      completed: at(run.endedAt),
      collectionHash: run.version === undefined ? VERSION_1 : run.version,
      resourceKind: run.kind === undefined ? 'BROWSER' : run.kind,
    },
  ]);
  let flowIndex = 0;
  for (const [flowId, outcome] of Object.entries(run.flows)) {
    flowIndex += 1;
    const steps: [string, StepResultValue, string][] =
      outcome === 'PASSED'
        ? [['open', 'PASSED', ''], ['check', 'PASSED', '']]
        : outcome === 'SKIPPED'
          ? [['open', 'SKIPPED', 'Skipped'], ['check', 'SKIPPED', 'Skipped']]
          : [['open', 'PASSED', ''], ['check', 'FAILED', run.error ?? changingTimeout()]];
    for (const [stepId, result, error] of steps) {
      await insertStepResult(db, {
        status_id: statusId,
        flow_index: flowIndex,
        flow_id: flowId,
        flow_name: `Flow ${flowId}`,
        flow_type: 'FLOW',
        flow_loop: 1,
        step_id: stepId,
        step_name: `Step ${stepId}`,
        action: 'click',
        result,
        error_detail: error,
        validation_result: '',
        images: [],
        attachments: [],
        time_started: at(run.endedAt - 60_000),
        time_completed: at(run.endedAt - 30_000),
      });
    }
  }
  // What finishRun records as a run ends.
  await recordRunFlowResults(db, { orgId, statusId });
  return statusId;
}

