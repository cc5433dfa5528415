import { Button } from '../../../ui/Button';
import { Select, type SelectOption } from '../../../ui/Select';
import { Switch } from '../../../ui/Switch';
import { TextField } from '../../../ui/TextField';
import type { ResourcePair, RuntimeErrors, RuntimeField, RuntimeOptions } from '../runtime-options';

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

const NO_DEVICE: ResourcePair['currentDevice'] = { deviceId: '', deviceType: '', useVariable: false, variableId: null };
const EMPTY_PAIR: ResourcePair = { currentDevice: NO_DEVICE, newDevice: NO_DEVICE };

function chosenDevice(options: readonly ResourceOption[], id: string | null): ResourcePair['currentDevice'] {
  const option = options.find((candidate) => candidate.id === id);
  return option ? { deviceId: option.id, deviceType: option.deviceType, useVariable: false, variableId: null } : NO_DEVICE;
}

/** The runtime configuration toggles (part 2 §2), shared by the schedule popup and the Runtime Configuration modal. */
export function RuntimeOptionsFields({ options, onChange, errors, touched, onTouch, showInOrder, showNotifyOnQueue, currentResources, newResources }: RuntimeOptionsFieldsProps) {
  const set = (changes: Partial<RuntimeOptions>) => onChange({ ...options, ...changes });
  const errorOf = (field: RuntimeField) => (touched.has(field) ? errors[field] : undefined);
  const textField = (field: RuntimeField, label: string, description?: string) => (
    <TextField
      label={label}
      description={description}
      inputMode={field === 'dataSourceVariableId' ? 'text' : 'numeric'}
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
          {options.overrideResourcesList.map((pair, index) => (
            <div key={index} className="control-room-runtime__pair" role="group" aria-label={`Resource override ${index + 1}`}>
              <Select
                label="Current resource"
                options={currentResources}
                selectedKey={pair.currentDevice.deviceId || null}
                onSelectionChange={(id) => setPair(index, { ...pair, currentDevice: chosenDevice(currentResources, id) })}
              />
              <span aria-hidden="true">→</span>
              <Select
                label="New resource"
                options={newResources}
                selectedKey={pair.newDevice.deviceId || null}
                onSelectionChange={(id) => setPair(index, { ...pair, newDevice: chosenDevice(newResources, id) })}
              />
              <Button
                variant="ghost"
                aria-label={`Remove resource override ${index + 1}`}
                onPress={() => set({ overrideResourcesList: options.overrideResourcesList.filter((_, position) => position !== index) })}
              >
                Remove
              </Button>
            </div>
          ))}
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
          {textField('dataSourceVariableId', 'Data Source Variable')}
          {textField('dataSourceRowNo', 'Data Row')}
        </div>
      )}
    </fieldset>
  );
}
