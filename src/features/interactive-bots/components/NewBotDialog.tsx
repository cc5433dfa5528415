import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { visibleError } from '../../../lib/error-messages';
import { required } from '../../../lib/validators';
import type { CreateInteractiveBot } from '../../../shared/contracts/interactive-bots';
import { SaveCancelFooter } from '../../../ui/SaveCancelFooter';
import { Dialog } from '../../../ui/Dialog';
import { Select, type SelectOption } from '../../../ui/Select';
import { Switch } from '../../../ui/Switch';
import { TextField } from '../../../ui/TextField';

export interface NewBotDialogProps {
  isOpen: boolean;
  collections: readonly SelectOption[];
  /** Creates the bot; a rejection keeps the dialog open (the caller shows the toast). */
  onCreate: (bot: CreateInteractiveBot) => Promise<void>;
  onClose: () => void;
}

type Field = 'interactive_trigger_name' | 'trigger_intent' | 'teststatus_id';
const FIELDS: readonly Field[] = ['interactive_trigger_name', 'trigger_intent', 'teststatus_id'];
const EMPTY: Record<Field, string> = { interactive_trigger_name: '', trigger_intent: '', teststatus_id: '' };

/** The form of a new interactive bot (spec part 2 §5: name, intent, status and collection are required). */
export function NewBotDialog({ isOpen, collections, onCreate, onClose }: NewBotDialogProps) {
  const [values, setValues] = useState(EMPTY);
  const [enabled, setEnabled] = useState(true);
  const [touched, setTouched] = useState<ReadonlySet<Field>>(() => new Set());
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [saving, setSaving] = useState(false);

  const errorOf = (field: Field) => serverErrors[field] ?? required(values[field]);
  const shownError = (field: Field) => visibleError(errorOf(field), touched.has(field)) ?? undefined;
  const change = (field: Field, value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setTouched((previous) => new Set(previous).add(field));
    setServerErrors((previous) => ({ ...previous, [field]: undefined }));
  };

  const close = () => {
    setValues(EMPTY);
    setEnabled(true);
    setTouched(new Set());
    setServerErrors({});
    onClose();
  };

  const save = async () => {
    setTouched(new Set(FIELDS));
    if (FIELDS.some((field) => errorOf(field))) return;
    setSaving(true);
    try {
      await onCreate({
        interactive_trigger_name: values.interactive_trigger_name.trim(),
        trigger_intent: values.trigger_intent.trim(),
        teststatus_id: values.teststatus_id,
        status: enabled ? 'ACTIVE' : 'INACTIVE',
      });
      close();
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors) {
        const fieldErrors = error.fieldErrors;
        setServerErrors(Object.fromEntries(FIELDS.flatMap((field) => (fieldErrors[field]?.[0] ? [[field, fieldErrors[field][0]]] : []))));
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      title="New interactive bot"
      isOpen={isOpen}
      onDismiss={close}
      footer={<SaveCancelFooter onCancel={close} onSave={() => void save()} isSaving={saving} />}
    >
      <form
        className="interactive-bots__form"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <TextField
          label="Name"
          value={values.interactive_trigger_name}
          onChange={(value) => change('interactive_trigger_name', value)}
          errorMessage={shownError('interactive_trigger_name')}
          isRequired
          autoFocus
        />
        <TextField
          label="Intent"
          description="A chat message 'run <intent>' or a script sending this intent starts the bot"
          value={values.trigger_intent}
          onChange={(value) => change('trigger_intent', value)}
          errorMessage={shownError('trigger_intent')}
          isRequired
        />
        <Select
          label="Collection"
          placeholder="Select a collection"
          options={collections}
          selectedKey={values.teststatus_id || null}
          onSelectionChange={(id) => change('teststatus_id', id ?? '')}
          errorMessage={shownError('teststatus_id')}
          isRequired
        />
        <Switch isSelected={enabled} onChange={setEnabled}>
          Enabled
        </Switch>
        {/* Enter in a field submits. */}
        <button type="submit" hidden />
      </form>
    </Dialog>
  );
}
