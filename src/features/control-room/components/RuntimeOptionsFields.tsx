import type { Variable } from '../../../shared/contracts/variables';
import { Button } from '../../../ui/Button';
import { Select, type SelectOption } from '../../../ui/Select';
import { Switch } from '../../../ui/Switch';
import { TextField } from '../../../ui/TextField';
import { useOverrideVariables } from '../api/variables';
import { RETRIES_CHOICES, RETRIES_HELP, RETRIES_LABEL } from '../../../shared/contracts/collections';
import { COLLECTION_RETRIES, type ResourcePair, type RuntimeErrors, type RuntimeField, type RuntimeOptions } from '../runtime-options';

export interface RuntimeOptionsFieldsProps {
  options: RuntimeOptions;
  onChange: (options: RuntimeOptions) => void;
  errors: RuntimeErrors;
  /** Fields whose errors are shown (errors show once a control is touched, §5). */
  touched: ReadonlySet<RuntimeField>;
  onTouch: (field: RuntimeField) => void;
  /** Config Schedule.inOrderToggle and Schedule.notifyOnQueue. */
  showInOrder: boolean;
  showNotifyOnQueue: boolean;
  /** The resources the schedule's collections use, and every resource that can replace one. */
  currentResources: readonly ResourceOption[];
  newResources: readonly ResourceOption[];
}

/** A resource choice: option id is the deviceId, `deviceType` travels with it into the override. */
export interface ResourceOption extends SelectOption {
  deviceType: string;
}

type Device = ResourcePair['currentDevice'];
const NO_DEVICE: Device = { deviceId: '', deviceType: '', useVariable: false, variableId: null };
const EMPTY_PAIR: ResourcePair = { currentDevice: NO_DEVICE, newDevice: NO_DEVICE };
/** Option ids of resource variables among a side's choices, apart from device ids. */
const VARIABLE_KEY = 'variable:';

/** A saved choice the list no longer offers (a removed variable) stays visible, so the user sees what is stored. */
function withSaved<T extends SelectOption>(options: readonly T[], missing: T): T[] {
  return missing.id === '' || options.some((option) => option.id === missing.id) ? [...options] : [...options, missing];
}

/** A side of a pair offers the resources, then the Resource variables (§3 useVariable/variableId). */
function sideOptions(resources: readonly ResourceOption[], variables: readonly Variable[], device: Device): ResourceOption[] {
  const offered = [...resources, ...variables.map((variable) => ({ id: `${VARIABLE_KEY}${variable.id}`, label: `${variable.variableName} (resource variable)`, deviceType: '' }))];
  const saved = device.useVariable ? (device.variableId ?? '') : '';
  return withSaved(offered, { id: saved && `${VARIABLE_KEY}${saved}`, label: `Variable ${saved} (not found)`, deviceType: '' });
}

const keyOf = (device: Device): string | null => (device.useVariable ? (device.variableId ? `${VARIABLE_KEY}${device.variableId}` : null) : device.deviceId || null);

function chosenDevice(options: readonly ResourceOption[], id: string | null): Device {
  if (id?.startsWith(VARIABLE_KEY)) return { deviceId: '', deviceType: '', useVariable: true, variableId: id.slice(VARIABLE_KEY.length) };
  const option = options.find((candidate) => candidate.id === id);
  return option ? { deviceId: option.id, deviceType: option.deviceType, useVariable: false, variableId: null } : NO_DEVICE;
}

/** Excel variables for Override Datasource, named with their file. */
function excelOptions(variables: readonly Variable[], saved: string): SelectOption[] {
  const offered = variables.map((variable) => ({ id: variable.id, label: variable.dataSource ? `${variable.variableName} (${variable.dataSource})` : variable.variableName }));
  return withSaved(offered, { id: saved, label: `Variable ${saved} (not found)` });
}

/** Retries: the collections' own setting, or a number for every run of the schedule. */
const RETRIES_OPTIONS: readonly SelectOption[] = [
  { id: COLLECTION_RETRIES, label: "Each collection's setting" },
  ...RETRIES_CHOICES.map((retries) => ({ id: String(retries), label: String(retries) })),
];

/** Data Row counts from 1, the first row under the header; empty means 1. */
function dataRowHint(chosen: Variable | undefined): string {
  const rows = chosen?.rowCount ?? null;
  if (rows === null) return '1 is the first row under the header; empty means 1';
  return rows === 0 ? 'The sheet has no data rows' : `Rows 1 to ${rows}; empty means 1`;
}

/** The runtime configuration toggles (part 2 §2), shared by the schedule popup and the Runtime Configuration modal. */
export function RuntimeOptionsFields({ options, onChange, errors, touched, onTouch, showInOrder, showNotifyOnQueue, currentResources, newResources }: RuntimeOptionsFieldsProps) {
  const { resourceVariables, excelVariables } = useOverrideVariables();
  const set = (changes: Partial<RuntimeOptions>) => onChange({ ...options, ...changes });
  const errorOf = (field: RuntimeField) => (touched.has(field) ? errors[field] : undefined);
  const textField = (field: RuntimeField, label: string, description?: string) => (
    <TextField
      label={label}
      description={description}
      inputMode="numeric"
      value={options[field]}
      onChange={(value) => set({ [field]: value })}
      onBlur={() => onTouch(field)}
      errorMessage={errorOf(field)}
    />
  );
  const setPair = (index: number, pair: ResourcePair) =>
    set({ overrideResourcesList: options.overrideResourcesList.map((other, position) => (position === index ? pair : other)) });

  return (
    <fieldset className="control-room-runtime">
      <legend>Runtime options</legend>
      {showInOrder && (
        <Switch isSelected={options.inOrder} onChange={(inOrder) => set({ inOrder })}>
          Execution in Order
        </Switch>
      )}
      {showNotifyOnQueue && (
        <>
          <Switch isSelected={options.notifyOnWaitInQueue} onChange={(notifyOnWaitInQueue) => set({ notifyOnWaitInQueue, waitInMinutesBeforeNotify: '' })}>
            Notify after min in queue
          </Switch>
          {options.notifyOnWaitInQueue && textField('waitInMinutesBeforeNotify', 'Minutes in queue before notifying')}
        </>
      )}
      <Switch
        isSelected={options.overrideResources}
        onChange={(overrideResources) => set({ overrideResources, overrideResourcesList: overrideResources ? [{ ...EMPTY_PAIR }] : [] })}
      >
        Override Resources
      </Switch>
      {options.overrideResources && (
        <div className="control-room-runtime__pairs">
          {options.overrideResourcesList.map((pair, index) => {
            const currentOptions = sideOptions(currentResources, resourceVariables, pair.currentDevice);
            const newOptions = sideOptions(newResources, resourceVariables, pair.newDevice);
            return (
              <div key={index} className="control-room-runtime__pair" role="group" aria-label={`Resource override ${index + 1}`}>
                <Select
                  label="Current resource"
                  options={currentOptions}
                  selectedKey={keyOf(pair.currentDevice)}
                  onSelectionChange={(id) => setPair(index, { ...pair, currentDevice: chosenDevice(currentOptions, id) })}
                />
                <span aria-hidden="true">→</span>
                <Select
                  label="New resource"
                  options={newOptions}
                  selectedKey={keyOf(pair.newDevice)}
                  onSelectionChange={(id) => setPair(index, { ...pair, newDevice: chosenDevice(newOptions, id) })}
                />
                <Button
                  variant="ghost"
                  aria-label={`Remove resource override ${index + 1}`}
                  onPress={() => set({ overrideResourcesList: options.overrideResourcesList.filter((_, position) => position !== index) })}
                >
                  Remove
                </Button>
              </div>
            );
          })}
          <Button onPress={() => set({ overrideResourcesList: [...options.overrideResourcesList, { ...EMPTY_PAIR }] })}>Add resource override</Button>
        </div>
      )}
      <Switch isSelected={options.overrideStepTimeout} onChange={(overrideStepTimeout) => set({ overrideStepTimeout, stepTimeoutSeconds: '' })}>
        Override step timeout
      </Switch>
      {options.overrideStepTimeout && textField('stepTimeoutSeconds', 'Step timeout (seconds)', '1 to 600 seconds')}
      <Switch isSelected={options.overrideDataSource} onChange={(overrideDataSource) => set({ overrideDataSource, dataSourceVariableId: '', dataSourceRowNo: '' })}>
        Override Datasource
      </Switch>
      {options.overrideDataSource && (
        <div className="control-room-runtime__pair">
          <Select
            label="Data Source Variable"
            placeholder={excelVariables.length === 0 ? 'No Excel variables yet' : 'Choose an Excel variable'}
            options={excelOptions(excelVariables, options.dataSourceVariableId)}
            selectedKey={options.dataSourceVariableId || null}
            onSelectionChange={(id) => set({ dataSourceVariableId: id ?? '' })}
            onBlur={() => onTouch('dataSourceVariableId')}
            errorMessage={errorOf('dataSourceVariableId')}
          />
          {textField('dataSourceRowNo', 'Data Row', dataRowHint(excelVariables.find((variable) => variable.id === options.dataSourceVariableId)))}
        </div>
      )}
      <Select
        label={RETRIES_LABEL}
        description={RETRIES_HELP}
        options={RETRIES_OPTIONS}
        selectedKey={options.retries}
        onSelectionChange={(id) => id !== null && set({ retries: id })}
      />
    </fieldset>
  );
}
