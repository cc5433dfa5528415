import { http, HttpResponse } from 'msw';
import type { z } from 'zod';
import {
  continueRecordingSchema,
  isActiveRecordingStatus,
  RECORDING_MESSAGES,
  recordingStoppedMessage,
  startRecordingSchema,
  stopRecordingSchema,
  type RecordingChangeResponse,
  type RecordingProcess,
  type RecordingStatus,
} from '../../src/shared/contracts/recordings';
import { endpoints } from '../../src/shared/endpoints';
import { nextId } from './factories';
import { anyOrigin, authorizeFeatures, errorResponse } from './handlers';

/**
 * The fake recording service: start, stop and continue as the contract has them, with RECORD_PLAYBACK checked. getStatus
 * (tests/msw/importexport.ts) lists these processes after the imports. Tests move a recording on as its agent would
 * with `advance`.
 */
export const recordingBackend = {
  processes: [] as RecordingProcess[],
  /** What stop answers (CANCELLED: the agent had nothing to hand over); PROCESSING by default. */
  stopResult: 'PROCESSING' as RecordingStatus,
  reset() {
    this.processes = [];
    this.stopResult = 'PROCESSING';
  },
  /** A recording as the server would list it. */
  add(overrides: Partial<RecordingProcess> & Pick<RecordingProcess, 'name' | 'status'>): RecordingProcess {
    const id = nextId('recording');
    const now = new Date().toISOString();
    const process: RecordingProcess = {
      id,
      recordingId: id,
      statusId: null,
      processType: 'RECORDING',
      deviceId: 'desk-1',
      importDataRequired: [],
      actionCount: 0,
      collectionId: null,
      message: '',
      createdDate: now,
      updatedDate: now,
      ...overrides,
    };
    this.processes.unshift(process);
    return process;
  },
  /** The agent's side: the recording moves on (more actions, closed browser, finished post-processing). */
  advance(recordingId: string, change: Partial<RecordingProcess>) {
    this.processes = this.processes.map((process) => (process.recordingId === recordingId ? { ...process, ...change, updatedDate: new Date().toISOString() } : process));
  },
};

function changed(process: RecordingProcess, status: RecordingStatus, message: string) {
  recordingBackend.advance(process.recordingId, { status });
  return HttpResponse.json<RecordingChangeResponse>({ status: true, message, data: { recordingStatus: status } });
}

/** The caller's permission, the body and the recording it names, as stop and continue check them; else the refusal. */
async function recordingOfRequest<Schema extends z.ZodType<{ id: string }>>(
  request: Request,
  schema: Schema,
): Promise<{ process: RecordingProcess; body: z.infer<Schema> } | Response> {
  const caller = authorizeFeatures(request, ['RECORD_PLAYBACK']);
  if (caller instanceof Response) return caller;
  const parsed = schema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return errorResponse(400, 'The request is not valid.', { id: ['required'] });
  const process = recordingBackend.processes.find((candidate) => candidate.recordingId === parsed.data.id);
  return process ? { process, body: parsed.data } : errorResponse(404, RECORDING_MESSAGES.notFound);
}

export const recordingHandlers = [
  http.post(anyOrigin(endpoints.importExport.startRecording), async ({ request }) => {
    const caller = authorizeFeatures(request, ['RECORD_PLAYBACK']);
    if (caller instanceof Response) return caller;
    const parsed = startRecordingSchema.safeParse(await request.json().catch(() => null));
    if (!parsed.success) {
      const nameKey = parsed.error.issues.find((issue) => issue.path[0] === 'name')?.message;
      return errorResponse(400, 'The recording is not valid.', nameKey ? { name: [nameKey] } : undefined);
    }
    if (recordingBackend.processes.some((process) => process.deviceId === parsed.data.deviceId && isActiveRecordingStatus(process.status))) {
      return errorResponse(409, RECORDING_MESSAGES.deviceNotAvailable);
    }
    const process = recordingBackend.add({ name: parsed.data.name, deviceId: parsed.data.deviceId, status: 'INPROGRESS' });
    return HttpResponse.json({ status: true, message: RECORDING_MESSAGES.started, data: { recordingId: process.recordingId } });
  }),

  http.put(anyOrigin(endpoints.importExport.stopRecording), async ({ request }) => {
    const found = await recordingOfRequest(request, stopRecordingSchema);
    if (found instanceof Response) return found;
    const { process, body } = found;
    if (!isActiveRecordingStatus(process.status)) return errorResponse(409, RECORDING_MESSAGES.notActive);
    if (body.cancelRecording) return changed(process, 'CANCELLED', RECORDING_MESSAGES.cancelled);
    return changed(process, recordingBackend.stopResult, recordingStoppedMessage(recordingBackend.stopResult));
  }),

  http.put(anyOrigin(endpoints.importExport.continueRecording), async ({ request }) => {
    const found = await recordingOfRequest(request, continueRecordingSchema);
    if (found instanceof Response) return found;
    if (found.process.status !== 'IDLE') return errorResponse(409, RECORDING_MESSAGES.notIdle);
    return changed(found.process, 'INPROGRESS', RECORDING_MESSAGES.continued);
  }),
];
