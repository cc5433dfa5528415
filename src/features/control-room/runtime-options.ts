import { MS_PER_SECOND, SCHEDULE_LIMITS, type OverrideResource, type Schedule } from '../../shared/contracts/schedules';
import { CONTROL_ROOM_MESSAGES as M } from './control-room-messages';

/** A resource override: the collection's resource and the one to use instead (deviceId '' = not chosen yet). */
export type ResourcePair = OverrideResource;

/** The runtime configuration of a schedule as the form edits it (part 2 §2 Runtime Configuration, §3, §4, §5). */
export interface RuntimeOptions {
  inOrder: boolean;
  notifyOnWaitInQueue: boolean;
  waitInMinutesBeforeNotify: string;
  overrideResources: boolean;
  overrideResourcesList: ResourcePair[];
  overrideStepTimeout: boolean;
  /** Seconds as typed; the schedule stores milliseconds. */
  stepTimeoutSeconds: string;
  overrideDataSource: boolean;
  dataSourceVariableId: string;
  dataSourceRowNo: string;
  /** Retries of a failed flow for the schedule's runs: '0' to '3', or COLLECTION_RETRIES (each collection's own). */
  retries: string;
}

/** The Retries choice that keeps each collection's own setting (the schedule stores null). */
export const COLLECTION_RETRIES = 'collection';

export type RuntimeField = 'waitInMinutesBeforeNotify' | 'stepTimeoutSeconds' | 'dataSourceVariableId' | 'dataSourceRowNo';
export type RuntimeErrors = Partial<Record<RuntimeField, string>>;

const WAIT_MAX_DIGITS = String(SCHEDULE_LIMITS.waitMinutesMax).length;
const STEP_TIMEOUT_MAX_DIGITS = String(SCHEDULE_LIMITS.stepTimeoutSecondsMax).length;
const DIGITS = /^\d+$/;

export const EMPTY_RUNTIME_OPTIONS: RuntimeOptions = {
  inOrder: false,
  notifyOnWaitInQueue: false,
  waitInMinutesBeforeNotify: '',
  overrideResources: false,
  overrideResourcesList: [],
  overrideStepTimeout: false,
  stepTimeoutSeconds: '',
  overrideDataSource: false,
  dataSourceVariableId: '',
  dataSourceRowNo: '',
  retries: COLLECTION_RETRIES,
};

function waitError(value: string): string | null {
  if (value.trim() === '') return M.required;
  if (!DIGITS.test(value)) return M.onlyDigits;
  return value.length > WAIT_MAX_DIGITS ? M.upToSixDigits : null;
}

function stepTimeoutError(value: string): string | null {
  if (value.trim() === '') return M.required;
  if (!DIGITS.test(value)) return M.onlyDigits;
  const seconds = Number(value);
  return value.length > STEP_TIMEOUT_MAX_DIGITS || seconds < SCHEDULE_LIMITS.stepTimeoutSecondsMin || seconds > SCHEDULE_LIMITS.stepTimeoutSecondsMax ? M.stepTimeoutRange : null;
}

/** §5: digits; Data Row 1 is the first row under the header, and empty means 1. */
function dataRowError(value: string): string | null {
  if (value === '') return null;
  if (!DIGITS.test(value)) return M.onlyDigits;
  return Number(value) < 1 ? M.atLeastOne : null;
}

/** Errors of §5 for the overrides that are on; the fields of an override that is off are not checked. */
export function runtimeErrors(options: RuntimeOptions): RuntimeErrors {
  const errors: RuntimeErrors = {};
  const put = (field: RuntimeField, error: string | null) => {
    if (error) errors[field] = error;
  };
  if (options.notifyOnWaitInQueue) put('waitInMinutesBeforeNotify', waitError(options.waitInMinutesBeforeNotify));
  if (options.overrideStepTimeout) put('stepTimeoutSeconds', stepTimeoutError(options.stepTimeoutSeconds));
  if (options.overrideDataSource) {
    put('dataSourceVariableId', options.dataSourceVariableId.trim() === '' ? M.required : null);
    put('dataSourceRowNo', dataRowError(options.dataSourceRowNo));
  }
  return errors;
}

const names = (device: ResourcePair['currentDevice']) => device.deviceId !== '' || (device.useVariable && Boolean(device.variableId));

/** Override entries without a device id are dropped (§4). */
export function completeResourcePairs(pairs: readonly ResourcePair[]): ResourcePair[] {
  return pairs.filter((pair) => names(pair.currentDevice) && names(pair.newDevice));
}

export type RuntimeConfiguration = Pick<
  Schedule,
  | 'inOrder'
  | 'notifyOnWaitInQueue'
  | 'waitInMinutesBeforeNotify'
  | 'overrideResources'
  | 'overrideResourcesList'
  | 'overrideStepTimeout'
  | 'stepTimeout'
  | 'overrideDataSource'
  | 'dataSourceVariableId'
  | 'dataSourceRowNo'
  | 'retries'
>;

const text = (value: number | string | null) => (value === null ? '' : String(value));

/** The form of a saved configuration: the step timeout is shown in seconds (stored in milliseconds). */
export function runtimeOptionsOf(config: RuntimeConfiguration): RuntimeOptions {
  return {
    inOrder: config.inOrder,
    notifyOnWaitInQueue: config.notifyOnWaitInQueue,
    waitInMinutesBeforeNotify: text(config.waitInMinutesBeforeNotify),
    overrideResources: config.overrideResources,
    overrideResourcesList: config.overrideResourcesList,
    overrideStepTimeout: config.overrideStepTimeout,
    stepTimeoutSeconds: config.stepTimeout === null ? '' : String(config.stepTimeout / MS_PER_SECOND),
    overrideDataSource: config.overrideDataSource,
    dataSourceVariableId: config.dataSourceVariableId ?? '',
    dataSourceRowNo: text(config.dataSourceRowNo),
    retries: config.retries === null ? COLLECTION_RETRIES : String(config.retries),
  };
}

const numberOrNull = (value: string) => (value.trim() === '' ? null : Number(value));

/** The configuration to save: the values of an override that is off are cleared (§4), the timeout goes x1000. */
export function runtimeConfigurationOf(options: RuntimeOptions): RuntimeConfiguration {
  return {
    inOrder: options.inOrder,
    notifyOnWaitInQueue: options.notifyOnWaitInQueue,
    waitInMinutesBeforeNotify: options.notifyOnWaitInQueue ? numberOrNull(options.waitInMinutesBeforeNotify) : null,
    overrideResources: options.overrideResources,
    overrideResourcesList: options.overrideResources ? completeResourcePairs(options.overrideResourcesList) : [],
    overrideStepTimeout: options.overrideStepTimeout,
    stepTimeout: options.overrideStepTimeout && options.stepTimeoutSeconds.trim() !== '' ? Number(options.stepTimeoutSeconds) * MS_PER_SECOND : null,
    overrideDataSource: options.overrideDataSource,
    dataSourceVariableId: options.overrideDataSource ? options.dataSourceVariableId.trim() : null,
    dataSourceRowNo: options.overrideDataSource ? numberOrNull(options.dataSourceRowNo) : null,
    retries: options.retries === COLLECTION_RETRIES ? null : Number(options.retries),
  };
}
