import type { Ref } from 'react';
import { Button } from '../../../ui/Button';
import { Checkbox } from '../../../ui/Checkbox';
import { Select } from '../../../ui/Select';
import { TextArea } from '../../../ui/TextArea';
import { TextField } from '../../../ui/TextField';
import { Tooltip } from '../../../ui/Tooltip';
import { visibleError } from '../../../lib/error-messages';
import { DEVICE_TYPE_LABELS, DEVICE_TYPES, RETRIES_CHOICES, RETRIES_HELP, RETRIES_LABEL, type Collection } from '../../../shared/contracts/collections';
import { canAddCustomAttribute, collectionErrors } from '../collection-document';
import { STUDIO_MESSAGES } from '../studio-messages';
import { CollectionTagsField } from './CollectionTagsField';
import { ResourceChooser, type ResourceListState } from './ResourceChooser';

export type CollectionField = 'testSuiteName' | 'suiteNotifyEmails';

const EXECUTION_OPTIONS = [
  { id: 'SEQUENTIAL', label: 'Sequence' },
  { id: 'RANDOM', label: 'Random' },
  { id: 'BRANCHING', label: 'Branching' },
] as const;

const RESOURCE_TYPE_OPTIONS = DEVICE_TYPES.map((id) => ({ id, label: DEVICE_TYPE_LABELS[id] }));
const RETRIES_OPTIONS = RETRIES_CHOICES.map((retries) => ({ id: String(retries), label: String(retries) }));

export interface FlowConfigurationPanelProps {
  collection: Collection;
  onChange: (next: Collection) => void;
  onResourceTypeChange: (deviceType: Collection['deviceType']) => void;
  touched: ReadonlySet<CollectionField>;
  onTouch: (field: CollectionField) => void;
  /** Messages the server sent for fields of the last save. */
  serverErrors: Partial<Record<CollectionField, string>>;
  /** The registered resources, to choose the collection's own (hybridDeviceIds). */
  resources: ResourceListState;
  /** The Name input, where focus goes for a new collection. */
  nameInputRef?: Ref<HTMLInputElement>;
}

/** The Flow configuration panel of spec part 1 §2. */
export function FlowConfigurationPanel({ collection, onChange, onResourceTypeChange, touched, onTouch, serverErrors, resources, nameInputRef }: FlowConfigurationPanelProps) {
  const errors = collectionErrors(collection);
  const fieldError = (field: CollectionField) => visibleError(errors[field], touched.has(field)) ?? serverErrors[field] ?? undefined;
  const update = (patch: Partial<Collection>) => onChange({ ...collection, ...patch });
  const attributes = collection.customAttributes;
  const updateAttribute = (index: number, patch: Partial<Collection['customAttributes'][number]>) =>
    update({ customAttributes: attributes.map((attribute, at) => (at === index ? { ...attribute, ...patch } : attribute)) });

  return (
    <section className="studio-panel" aria-labelledby="studio-configuration-title">
      <h2 id="studio-configuration-title">Flow configuration</h2>
      <div className="studio-name">
        <TextField
          label="Name"
          inputRef={nameInputRef}
          isRequired
          value={collection.testSuiteName}
          onChange={(testSuiteName) => update({ testSuiteName })}
          onBlur={() => onTouch('testSuiteName')}
          errorMessage={fieldError('testSuiteName')}
        />
        <Tooltip content={STUDIO_MESSAGES.nameTooltip}>
          <Button variant="icon" aria-label="Name rules">?</Button>
        </Tooltip>
      </div>
      <TextArea label="Description" rows={3} value={collection.suiteDescription} onChange={(suiteDescription) => update({ suiteDescription })} />
      <TextField
        label="Notify Emails"
        description="Comma separated"
        value={collection.suiteNotifyEmails}
        onChange={(suiteNotifyEmails) => update({ suiteNotifyEmails })}
        onBlur={() => onTouch('suiteNotifyEmails')}
        errorMessage={fieldError('suiteNotifyEmails')}
      />
      <Checkbox isSelected={collection.video} onChange={(video) => update({ video })}>
        Video
      </Checkbox>
      <Select
        label="Execution"
        isRequired
        options={EXECUTION_OPTIONS}
        selectedKey={collection.executionType}
        onSelectionChange={(id) => id && update({ executionType: id as Collection['executionType'] })}
      />
      <Select
        label={RETRIES_LABEL}
        description={RETRIES_HELP}
        options={RETRIES_OPTIONS}
        selectedKey={String(collection.retries)}
        onSelectionChange={(id) => id !== null && update({ retries: Number(id) })}
      />
      <Select
        label="Resource type"
        isRequired
        options={RESOURCE_TYPE_OPTIONS}
        selectedKey={collection.deviceType}
        onSelectionChange={(id) => id && id !== collection.deviceType && onResourceTypeChange(id as Collection['deviceType'])}
      />
      <ResourceChooser collection={collection} resources={resources} onChange={(hybridDeviceIds) => update({ hybridDeviceIds })} />
      {/* Keyed by collection: a half-typed new tag does not follow the user to another collection. */}
      <CollectionTagsField key={collection.id} collection={collection} onChange={update} />
      <fieldset className="studio-attributes">
        <legend>Custom attributes</legend>
        {attributes.map((attribute, index) => (
          <div className="studio-row" key={index} role="group" aria-label={`Custom attribute ${index + 1}`}>
            <TextField label="Attribute name" value={attribute.name} onChange={(name) => updateAttribute(index, { name })} />
            <TextField label="Value" value={attribute.value} onChange={(value) => updateAttribute(index, { value })} />
            <TextField label="Unit" value={attribute.unit} onChange={(unit) => updateAttribute(index, { unit })} />
            <Button variant="ghost" aria-label={`Remove custom attribute ${index + 1}`} onPress={() => update({ customAttributes: attributes.filter((_, at) => at !== index) })}>
              Remove
            </Button>
          </div>
        ))}
        <Button isDisabled={!canAddCustomAttribute(collection)} onPress={() => update({ customAttributes: [...attributes, { name: '', value: '', unit: '' }] })}>
          Add attribute
        </Button>
      </fieldset>
    </section>
  );
}
