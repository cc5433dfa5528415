import type { CsvColumn } from '../../lib/csv';
import { stepNotes, type FileRef, type RunDetails, type StepDetail } from '../../shared/contracts/runs';
import { attemptLabel, attemptsOf, passedOnRetryOf, wasRetried } from '../../shared/run-attempts';
import { passedOnRetryText } from '../../shared/contracts/flakiness';

/** One line of the flow detail table: a step of one loop of one attempt of one flow. */
export interface FlowDetailRow {
  id: string;
  flowName: string;
  flowLoop: number;
  /** The attempt of the flow visit (1 unless it was retried), and its name in a retried flow ("Attempt 1 (failed)"). */
  attempt: number;
  attemptLabel: string | null;
  stepId: string;
  stepName: string;
  result: StepDetail['result'];
  notes: string;
  images: FileRef[];
  attachments: FileRef[];
}

/** The steps of every attempt of every flow visit, in the order they ran. */
export function flowDetailRows(details: RunDetails): FlowDetailRow[] {
  return details.testCaseDetails.flatMap((flow, flowIndex) =>
    attemptsOf(flow).flatMap((attempt) =>
      attempt.loops.flatMap((loop) =>
        loop.steps.map((step, stepIndex) => ({
          id: `${flowIndex}:${attempt.attempt}:${loop.loop}:${stepIndex}`,
          flowName: flow.testCaseName,
          flowLoop: loop.loop,
          attempt: attempt.attempt,
          attemptLabel: wasRetried(flow) ? attemptLabel(attempt) : null,
          stepId: step.stepId,
          stepName: step.stepName,
          result: step.result,
          notes: stepNotes(step),
          images: step.images,
          attachments: step.attachments,
        })),
      ),
    ),
  );
}

const fileNames = (files: readonly FileRef[]) => files.map((file) => file.name).join('; ');

export const FLOW_DETAIL_CSV_COLUMNS: readonly CsvColumn<FlowDetailRow>[] = [
  { header: 'Flow Name', value: (row) => row.flowName },
  { header: 'Flow Loop', value: (row) => row.flowLoop },
  { header: 'Attempt', value: (row) => row.attempt },
  { header: 'Step Id', value: (row) => row.stepId },
  { header: 'Step Name', value: (row) => row.stepName },
  { header: 'Result', value: (row) => row.result },
  { header: 'Notes', value: (row) => row.notes },
  { header: 'Image Link', value: (row) => fileNames(row.images) },
  { header: 'Attachments', value: (row) => fileNames(row.attachments) },
];

/** The plain-text summary the Export dialog starts from; the user may edit it before saving. */
export function reportExportText(details: RunDetails): string {
  const header = [
    `Collection Name: ${details.testSuiteName}`,
    `Collection Id: ${details.collectionId}`,
    `Test Status: ${details.testStatus}`,
    `Resources: ${details.displayDevices}`,
    `Triggered By: ${details.triggeredByName}`,
    `Passed Flows: ${details.progress.passedCases}`,
    `Failed Flows: ${details.progress.failedCases}`,
  ];
  const retried = details.testCaseDetails.flatMap((flow) => {
    const retry = passedOnRetryOf(flow);
    return retry === null ? [] : [`${flow.testCaseName} (${passedOnRetryText(retry).toLowerCase()})`];
  });
  if (retried.length > 0) header.push(`Passed on a Retry: ${retried.join(', ')}`);
  const steps = flowDetailRows(details).map(
    (row) => `${row.flowName} #${row.flowLoop}${row.attemptLabel ? ` ${row.attemptLabel}` : ''} ${row.stepId} ${row.stepName}: ${row.result}${row.notes ? ` - ${row.notes}` : ''}`,
  );
  return [...header, '', ...steps].join('\n');
}

/** Log lines as `key: value`, one per line. */
export function logsText(details: RunDetails): string {
  return details.logsList.map((line) => `${line.key}: ${line.value}`).join('\n');
}
