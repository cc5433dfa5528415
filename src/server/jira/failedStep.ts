import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import type { IssueForm } from '../../shared/contracts/jira';
import type { Db } from '../db/database';
import { ApiError } from '../http/apiError';
import { artifactsRoot, resolveArtifact } from '../runs/artifacts';
import { parseFileRefs, type RunRow } from '../runs/repository';
import type { AttachmentFile } from './jiraClient';

const IMAGE_TYPES: Record<string, string> = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg' };

export interface FailedStep {
  errorDetail: string;
  images: AttachmentFile[];
}

/** The failed step the form names in `run`, and its failure screenshots read from the run's artifacts. */
export async function findFailedStep(db: Db, filesDir: string, run: RunRow, form: IssueForm): Promise<FailedStep> {
  const step = await db
    .selectFrom('step_results')
    .select(['error_detail', 'images'])
    .where('status_id', '=', run.status_id)
    .where('flow_name', '=', form.testCaseName)
    .where('flow_loop', '=', form.testLoop)
    .where('step_id', '=', form.testStepId)
    .where('result', '=', 'FAILED')
    // Of a retried flow, the last attempt's failure (an earlier attempt's step has the same flow, loop and id).
    .orderBy('superseded')
    .orderBy('id')
    .executeTakeFirst();
  if (!step) {
    throw new ApiError(404, `Run ${run.status_id} has no failed step ${form.testStepId} in loop ${form.testLoop} of flow ${form.testCaseName}.`);
  }
  const root = artifactsRoot(filesDir);
  const images: AttachmentFile[] = [];
  for (const ref of parseFileRefs(step.images)) {
    const type = IMAGE_TYPES[extname(ref.name).toLowerCase()];
    const file = resolveArtifact(root, ref.path);
    if (type === undefined || file === null) continue;
    const bytes = await readFile(file).catch(() => null);
    // A screenshot pruned from disk leaves the issue without it rather than failing the filing.
    if (bytes) images.push({ name: ref.name, type, bytes: new Uint8Array(bytes) });
  }
  return { errorDetail: step.error_detail, images };
}
