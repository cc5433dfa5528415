import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { collectionSchema } from '../shared/contracts/collections';
import { GATEWAY_AGENT_CLAIM_MS, runReportAnswerSchema, type AgentFinish, type ClaimedRun } from '../shared/contracts/gateway-agents';
import type { FileRef, RunProgress } from '../shared/contracts/runs';
import { endpoints } from '../shared/endpoints';
import { RunArtifacts } from '../server/runs/artifacts';
import type { BrowserRunOutcome, RunInput, RunRecorder } from '../server/runs/executor/runFlows';
import { RefusedError, type PlatformClient } from './platformClient';

const REPORT_ATTEMPTS = 5;

export const firstLineOf = (error: unknown): string => (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';

/**
 * A report sent again while the link is down (a few beats' worth), so a blip does not fail the run; a refusal is an
 * answer and is not repeated. Log lines may then arrive twice, which is better than a lost result.
 */
export async function outlastingDrops<T>(send: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await send();
    } catch (error) {
      if (error instanceof RefusedError || attempt === REPORT_ATTEMPTS) throw error;
      await new Promise((resolveWait) => setTimeout(resolveWait, GATEWAY_AGENT_CLAIM_MS * attempt));
    }
  }
}

/** What executes a claimed run, on the agent's machine or on a phone: everything it writes goes through `recorder`. */
/** A claimed run as the agent executes it: the variables the platform sent are always there. */
export interface RunExecution extends RunInput {
  variables: Record<string, string>;
}

/** How a run ended when the executor threw: ABORTED with a reason the tester reads (a phone that went away), else FAILED. */
export type AbortReasonOf = (error: unknown) => string | undefined;

/**
 * One claimed run: `execute` runs the collection, and what the server's RunRecorder would write goes to the platform
 * instead (files first, so a step never names a screenshot the platform lacks). Any answer saying the run was cancelled
 * aborts it; the platform has then already ended it, so nothing more is sent. An error that `abortReasonOf` explains
 * ends the run ABORTED with that reason, any other FAILED.
 */
export async function reportRun(
  client: PlatformClient,
  run: ClaimedRun,
  controller: AbortController,
  execute: (execution: RunExecution) => Promise<BrowserRunOutcome>,
  abortReasonOf: AbortReasonOf = () => undefined,
): Promise<void> {
  const { statusId } = run;
  const report = async (path: string, body: unknown) => {
    const answer = await outlastingDrops(() => client.post(path, body, runReportAnswerSchema));
    if (answer.data.cancelled) controller.abort();
  };
  const finish = (body: AgentFinish) => report(endpoints.gatewayAgents.runFinish(statusId), body);
  const root = await mkdtemp(join(tmpdir(), 'gateway-agent-'));
  const artifacts = new RunArtifacts(root, statusId);
  const upload = async (file: FileRef, runWide: boolean) => {
    const answer = await outlastingDrops(() =>
      client.upload(endpoints.gatewayAgents.runAttachment(statusId), join(artifacts.dir, file.name), { name: file.name, runWide: String(runWide) }, runReportAnswerSchema),
    );
    if (answer.data.cancelled) controller.abort();
  };
  let lastProgress: RunProgress | undefined;
  const recorder: RunRecorder = {
    log: (line) => report(endpoints.gatewayAgents.runLog(statusId), { line }),
    progress: async (progress) => {
      lastProgress = progress;
      await report(endpoints.gatewayAgents.runProgress(statusId), { progress });
    },
    attachment: (file) => upload(file, true),
    step: async (result, progress) => {
      lastProgress = progress;
      for (const file of [...result.images, ...result.attachments]) await upload(file, false);
      const { status_id: _ignored, ...step } = result;
      await report(endpoints.gatewayAgents.runStep(statusId), { result: step, progress });
    },
  };
  try {
    const outcome = await execute({
      statusId,
      collection: collectionSchema.parse(run.collection),
      baseUrl: run.baseUrl,
      variables: run.variables,
      artifacts,
      recorder,
      signal: controller.signal,
    });
    await finish({ result: outcome.result, progress: outcome.progress });
  } catch (error) {
    // Stopped: the platform ended the run already.
    if (controller.signal.aborted) return;
    const progress = lastProgress ? { progress: lastProgress } : {};
    const reason = abortReasonOf(error);
    if (reason !== undefined) {
      await finish({ result: 'ABORTED', reason, ...progress });
      return;
    }
    await recorder.log(`The run could not go on: ${firstLineOf(error)}`);
    await finish({ result: 'FAILED', ...progress });
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}
