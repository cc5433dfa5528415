import { z } from 'zod';
import { COLLECTION_NAME_PATTERN, FIELD_ERROR_KEYS, STEP_ACTIONS } from './collections';

/**
 * Recording a flow on a desktop gateway agent (spec part 1 §2 Record Collection modal, §3 Recording, §4 Recording,
 * §5, §7 Recording and import/export, §8 Recording; issue 18). The tester starts a recording on an agent's DESKTOP
 * resource; the agent opens a browser on the tester's machine and sends every action it sees; stopping turns the
 * actions into a collection.
 */
export const RECORDING_PROCESS_TYPE = 'RECORDING';

/**
 * Server statuses (spec part 1 §3): INPROGRESS while the agent records, IDLE when its browser was closed (continue
 * reopens it), PROCESSING after stop until the collection exists, then COMPLETED. A cancelled recording, or one whose
 * agent went away, is CANCELLED.
 */
export const RECORDING_STATUSES = ['INPROGRESS', 'IDLE', 'PROCESSING', 'COMPLETED', 'CANCELLED'] as const;
export type RecordingStatus = (typeof RECORDING_STATUSES)[number];
/** A recording in one of these still holds its device. */
export const ACTIVE_RECORDING_STATUSES = ['INPROGRESS', 'IDLE'] as const satisfies readonly RecordingStatus[];
export const isActiveRecordingStatus = (status: RecordingStatus): boolean =>
  (ACTIVE_RECORDING_STATUSES as readonly RecordingStatus[]).includes(status);

/** The client's states of the Record Collection modal (spec part 1 §3 Recording). */
export const RECORDING_CLIENT_STATES = ['started', 'recording', 'stopped', 'idle'] as const;
export type RecordingClientState = (typeof RECORDING_CLIENT_STATES)[number];

/** Spec part 1 §4: INPROGRESS is recording, IDLE is idle; PROCESSING and COMPLETED end the dialog (stopped). */
export function clientStateOf(status: RecordingStatus): RecordingClientState {
  if (status === 'INPROGRESS') return 'recording';
  if (status === 'IDLE') return 'idle';
  return 'stopped';
}

/** Spec part 1 §5: the default name is 'Recording' plus a timestamp, and must match the collection name pattern. */
export function defaultRecordingName(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `Recording ${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())} ${pad(now.getHours())}-${pad(now.getMinutes())}-${pad(now.getSeconds())}`;
}

/** POST /importexport/startRecording (spec part 1 §7): only DESKTOP resources record. */
export const startRecordingSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { message: FIELD_ERROR_KEYS.required, abort: true })
    .max(200, FIELD_ERROR_KEYS.maxLength)
    .regex(COLLECTION_NAME_PATTERN, FIELD_ERROR_KEYS.pattern),
  deviceId: z.string().trim().min(1, FIELD_ERROR_KEYS.required).max(200),
  deviceType: z.literal('DESKTOP'),
});
export type StartRecording = z.infer<typeof startRecordingSchema>;

export const startRecordingResponseSchema = z.object({
  status: z.literal(true),
  message: z.string(),
  data: z.object({ recordingId: z.string() }),
});

/** PUT /importexport/stopRecording (spec part 1 §7); cancelRecording discards what was recorded. */
export const stopRecordingSchema = z.object({ id: z.string().min(1).max(200), cancelRecording: z.boolean().default(false) });
export type StopRecording = z.input<typeof stopRecordingSchema>;

/** PUT /importexport/continueRecording (spec part 1 §7): an IDLE recording goes on. */
export const continueRecordingSchema = z.object({ id: z.string().min(1).max(200) });
export type ContinueRecording = z.infer<typeof continueRecordingSchema>;

/** Answer of stop and continue: data.recordingStatus is the recording's status after the call. */
export const recordingChangeResponseSchema = z.object({
  status: z.literal(true),
  message: z.string(),
  data: z.object({ recordingStatus: z.enum(RECORDING_STATUSES) }),
});
export type RecordingChangeResponse = z.infer<typeof recordingChangeResponseSchema>;

/** One RECORDING process of GET /importexport/getStatus (spec part 1 §3 Process). */
export const recordingProcessSchema = z.object({
  id: z.string(),
  recordingId: z.string(),
  /** Set once COMPLETED (spec part 1 §4: "COMPLETED with a statusId shows as completed"): the recording's id. */
  statusId: z.string().nullable(),
  processType: z.literal(RECORDING_PROCESS_TYPE),
  status: z.enum(RECORDING_STATUSES),
  name: z.string(),
  deviceId: z.string(),
  /**
   * Always empty for a recording; kept so both process kinds have the spec's shape. An empty tuple, not an array of
   * never: the OpenAPI generator cannot describe never, and /api/openapi.json answered 500.
   */
  importDataRequired: z.tuple([]),
  /** How many actions the agent has sent so far. */
  actionCount: z.number().int().min(0),
  /** The collection the recording created, once COMPLETED. */
  collectionId: z.string().nullable(),
  message: z.string(),
  createdDate: z.string(),
  updatedDate: z.string(),
});
export type RecordingProcess = z.infer<typeof recordingProcessSchema>;

/** Messages of spec part 1 §8 Recording, and this platform's own refusals. */
export const RECORDING_MESSAGES = {
  unableToStart: 'Unable to start Recording',
  unableToStop: 'Unable to stop Recording.',
  unableToContinue: 'Unable to continue Recording',
  unableToCancel: 'Unable to cancel Recording',
  stopped: 'Recording Stopped',
  stoppedSuffixCancelled: ', something went wrong.',
  stoppedSuffixProcessing: ', now post process will start.',
  continued: 'Recording Continued',
  cancelled: 'Recording Cancelled',
  started: 'Recording Started',
  deviceNotAvailable: 'The device is not an available, plugged-in, unused desktop device.',
  notFound: 'No such recording.',
  notIdle: 'Only a recording waiting to continue (IDLE) can continue.',
  notActive: 'The recording has already ended.',
  nothingRecorded: 'Nothing was recorded: the recording made no collection.',
  agentGone: 'The gateway agent went silent: the recording was cancelled.',
  released: (by: string) => `The resource was released by ${by}: the recording was cancelled.`,
  completed: (name: string) => `Recording ${name} saved as a collection.`,
} as const;

/** The text of 'Recording Stopped' for a stop result (spec part 1 §8). */
export function recordingStoppedMessage(status: RecordingStatus): string {
  if (status === 'CANCELLED') return RECORDING_MESSAGES.stopped + RECORDING_MESSAGES.stoppedSuffixCancelled;
  if (status === 'PROCESSING') return RECORDING_MESSAGES.stopped + RECORDING_MESSAGES.stoppedSuffixProcessing;
  return RECORDING_MESSAGES.stopped;
}

// ---- The agent's side (gateway agent token only) ----

/** The step actions a recording produces: the user's navigation, clicks, typing, selections and check boxes. */
export const RECORDED_ACTIONS = ['open', 'click', 'type', 'select', 'check', 'press'] as const satisfies readonly (typeof STEP_ACTIONS)[number][];

/**
 * One user action the agent saw, already a step: target is a Playwright selector the executor's page.locator takes
 * (role=…[name="…"] first, then data-testid=…, then CSS). seq numbers the actions of one recording from 0, so a batch
 * sent twice over a dropped link is stored once.
 */
export const recordedActionSchema = z.object({
  seq: z.number().int().min(0),
  action: z.enum(RECORDED_ACTIONS),
  stepName: z.string().trim().min(1).max(200),
  target: z.string().max(2000),
  value: z.string().max(20_000),
});
export type RecordedAction = z.infer<typeof recordedActionSchema>;

/** POST agent/recordings/{id}/actions. */
export const recordedActionsSchema = z.object({ actions: z.array(recordedActionSchema).min(1).max(500) });

/** POST agent/recordings/{id}/state: the agent's browser closed (IDLE), or the agent could not record (CANCELLED). */
export const agentRecordingStateSchema = z.object({ status: z.enum(['IDLE', 'CANCELLED']), message: z.string().max(2000).default('') });

/**
 * What the platform wants of the agent's recording, in every claim answer: INPROGRESS (record; reopen the browser if
 * it is closed), IDLE (browser closed, wait), PROCESSING (stop: send the last actions, close the browser, then POST
 * finish), CANCELLED (close the browser, send nothing more).
 */
export const agentRecordingCommandSchema = z.object({
  recordingId: z.string(),
  name: z.string(),
  status: z.enum(RECORDING_STATUSES),
  /** The next seq the platform expects: actions below it are stored already. */
  nextSeq: z.number().int().min(0),
});
export type AgentRecordingCommand = z.infer<typeof agentRecordingCommandSchema>;

/** Every recording report answers with the platform's current wish, as claim does. */
export const agentRecordingAnswerSchema = z.object({ success: z.literal(true), data: agentRecordingCommandSchema });
