import { describe, expect, it } from 'vitest';
import { CONTROL_ROOM_MESSAGES as M } from './control-room-messages';
import { COLLECTION_RETRIES, completeResourcePairs, EMPTY_RUNTIME_OPTIONS, runtimeConfigurationOf, runtimeErrors, runtimeOptionsOf } from './runtime-options';

const device = (deviceId: string) => ({ deviceId, deviceType: 'BROWSER', useVariable: false, variableId: null });

describe('runtimeErrors', () => {
  it('checks nothing while every override is off', () => {
    expect(runtimeErrors({ ...EMPTY_RUNTIME_OPTIONS, waitInMinutesBeforeNotify: 'x', stepTimeoutSeconds: '9999' })).toEqual({});
  });

  it('checks the minutes in queue: required, digits only, up to 6 digits', () => {
    const wait = (waitInMinutesBeforeNotify: string) => runtimeErrors({ ...EMPTY_RUNTIME_OPTIONS, notifyOnWaitInQueue: true, waitInMinutesBeforeNotify }).waitInMinutesBeforeNotify;
    expect(wait('')).toBe('Required');
    expect(wait('1a')).toBe('Only digit are allowed');
    expect(wait('1234567')).toBe('Up to 6 digit are allowed');
    expect(wait('123456')).toBeUndefined();
  });

  it('keeps the step timeout between 1 and 600 seconds', () => {
    const timeout = (stepTimeoutSeconds: string) => runtimeErrors({ ...EMPTY_RUNTIME_OPTIONS, overrideStepTimeout: true, stepTimeoutSeconds }).stepTimeoutSeconds;
    expect(timeout('')).toBe(M.required);
    expect(timeout('1.5')).toBe(M.onlyDigits);
    expect(timeout('0')).toBe('timeout must be between 1 to 600 (seconds)');
    expect(timeout('601')).toBe('timeout must be between 1 to 600 (seconds)');
    expect(timeout('0600')).toBe('timeout must be between 1 to 600 (seconds)');
    expect(timeout('1')).toBeUndefined();
    expect(timeout('600')).toBeUndefined();
  });

  it('requires the data source variable and a digits-only row when the data source is overridden', () => {
    const on = { ...EMPTY_RUNTIME_OPTIONS, overrideDataSource: true };
    expect(runtimeErrors({ ...on, dataSourceRowNo: 'a' })).toEqual({ dataSourceVariableId: M.required, dataSourceRowNo: M.onlyDigits });
    expect(runtimeErrors({ ...on, dataSourceVariableId: 'var-1', dataSourceRowNo: '3' })).toEqual({});
  });

  it('counts Data Row from 1 and takes an empty row as the first', () => {
    const row = (dataSourceRowNo: string) => runtimeErrors({ ...EMPTY_RUNTIME_OPTIONS, overrideDataSource: true, dataSourceVariableId: 'var-1', dataSourceRowNo }).dataSourceRowNo;
    expect(row('0')).toBe(M.atLeastOne);
    expect(row('-1')).toBe(M.onlyDigits);
    expect(row('')).toBeUndefined();
    expect(row('1')).toBeUndefined();
  });
});

describe('completeResourcePairs', () => {
  it('drops pairs without a current or a new resource', () => {
    const complete = { currentDevice: device('a'), newDevice: device('b') };
    const pairs = [complete, { currentDevice: device('a'), newDevice: device('') }, { currentDevice: device(''), newDevice: device('b') }];
    expect(completeResourcePairs(pairs)).toEqual([complete]);
  });

  it('keeps a side that names a resource variable instead of a resource', () => {
    const variable = (variableId: string | null) => ({ deviceId: '', deviceType: '', useVariable: true, variableId });
    const toVariable = { currentDevice: device('a'), newDevice: variable('pool') };
    const fromVariable = { currentDevice: variable('pool'), newDevice: device('b') };
    expect(completeResourcePairs([toVariable, fromVariable, { currentDevice: device('a'), newDevice: variable(null) }])).toEqual([toVariable, fromVariable]);
  });
});

describe('runtime configuration conversion', () => {
  it('stores the step timeout in milliseconds and clears the values of overrides that are off', () => {
    const options = {
      ...EMPTY_RUNTIME_OPTIONS,
      inOrder: true,
      notifyOnWaitInQueue: false,
      waitInMinutesBeforeNotify: '15',
      overrideStepTimeout: true,
      stepTimeoutSeconds: '30',
      overrideResources: true,
      overrideResourcesList: [{ currentDevice: device('a'), newDevice: device('') }],
      dataSourceVariableId: 'stale',
    };
    const config = runtimeConfigurationOf(options);
    expect(config).toEqual({
      inOrder: true,
      notifyOnWaitInQueue: false,
      waitInMinutesBeforeNotify: null,
      overrideResources: true,
      overrideResourcesList: [],
      overrideStepTimeout: true,
      stepTimeout: 30_000,
      overrideDataSource: false,
      dataSourceVariableId: null,
      dataSourceRowNo: null,
      // Left to each collection's own setting.
      retries: null,
    });
    expect(runtimeOptionsOf(config).stepTimeoutSeconds).toBe('30');
  });

  it("stores Retries as a number, or null for each collection's own setting (issue 29)", () => {
    expect(runtimeConfigurationOf({ ...EMPTY_RUNTIME_OPTIONS, retries: '2' }).retries).toBe(2);
    expect(runtimeConfigurationOf({ ...EMPTY_RUNTIME_OPTIONS, retries: COLLECTION_RETRIES }).retries).toBeNull();
    const config = runtimeConfigurationOf(EMPTY_RUNTIME_OPTIONS);
    expect(runtimeOptionsOf({ ...config, retries: 3 }).retries).toBe('3');
    expect(runtimeOptionsOf({ ...config, retries: null }).retries).toBe(COLLECTION_RETRIES);
  });
});
