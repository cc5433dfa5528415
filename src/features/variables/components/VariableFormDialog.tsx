import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { VARIABLE_LIMITS, type Variable, type VariableValueType } from '../../../shared/contracts/variables';
import type { Device } from '../../../shared/contracts/devices';
import { deviceDisplayNameOf } from '../../../shared/contracts/devices';
import { CheckboxGroup } from '../../../ui/CheckboxGroup';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { Dialog } from '../../../ui/Dialog';
import { FileField } from '../../../ui/FileField';
import { RadioGroup } from '../../../ui/RadioGroup';
import { SaveCancelFooter } from '../../../ui/SaveCancelFooter';
import { Select } from '../../../ui/Select';
import { TextField } from '../../../ui/TextField';
import { toast } from '../../../ui/toast-queue';
import { createExcelVariable, createVariable, updateExcelVariable, updateVariable, variableUsage } from '../api/variables';
import { POOLING_WARNING_MS, VARIABLES_TEXT } from '../variable-messages';
import {
  formChanges,
  formStateOf,
  formValues,
  formValueTypes,
  freeName,
  nameFromFile,
  validateVariableForm,
  type VariableFeatures,
  type VariableFormState,
} from '../variable-rows';

export interface VariableFormDialogProps {
  /** The variable being edited, or null for a new one. */
  editing: Variable | null;
  /** Names of the variables shown (an Excel name defaults to a free one, §4). */
  taken: readonly string[];
  features: VariableFeatures;
  resources: readonly Device[];
  onClose: () => void;
  onSaved: (variable: Variable) => void;
}

/** Saves the form; a name another variable has comes back as the field's 'Already Exists'. */
async function save(form: VariableFormState, editing: Variable | null): Promise<Variable> {
  const variableName = form.variableName.trim();
  if (form.valueType === 'Excel') {
    if (editing && form.file) return updateExcelVariable(editing.id, form.file, variableName);
    if (editing) return updateVariable(editing.id, { variableName, valueType: 'Excel', value: [] });
    if (!form.file) throw new Error('An Excel variable needs its file');
    return createExcelVariable(form.file, variableName);
  }
  const draft = { variableName, valueType: form.valueType === 'Resource' ? ('Resource' as const) : ('String' as const), value: formValues(form) };
  return editing ? updateVariable(editing.id, draft) : createVariable(draft);
}

/** The variable form of spec part 2 §2 and §4: name, value type, value(s), and an Excel file. */
export function VariableFormDialog({ editing, taken, features, resources, onClose, onSaved }: VariableFormDialogProps) {
  const [form, setForm] = useState<VariableFormState>(() => formStateOf(editing, features));
  const [touched, setTouched] = useState(false);
  const [nameError, setNameError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [affected, setAffected] = useState<string[] | null>(null);
  const [poolingWarning, setPoolingWarning] = useState(false);
  const warnedRef = useRef(false);
  const errors = validateVariableForm(form, { taken, pooling: features.resourcePooling, editing });
  const shownErrors = touched ? errors : {};

  useEffect(() => {
    if (!poolingWarning) return;
    const timer = setTimeout(() => setPoolingWarning(false), POOLING_WARNING_MS);
    return () => clearTimeout(timer);
  }, [poolingWarning]);

  const change = (next: Partial<VariableFormState>) => {
    setNameError(null);
    setForm((previous) => ({ ...previous, ...next }));
  };
  // §4: changing the type resets the value.
  const changeType = (valueType: VariableValueType | null) => change({ valueType, text: '', resources: [], file: null });
  const chooseResources = (ids: string[]) => {
    // §4: the pooling warning shows once, when a second resource joins.
    if (ids.length > 1 && !warnedRef.current) {
      warnedRef.current = true;
      setPoolingWarning(true);
    }
    change({ resources: ids });
  };
  const chooseFile = (file: File) => {
    // §4: the name defaults to the file's, with _1, _2 … when taken; a name the user typed stays.
    const untouched = form.variableName.trim() === '' || (form.file !== null && form.variableName === freeName(nameFromFile(form.file.name), taken));
    change({ file, ...(untouched && !editing ? { variableName: freeName(nameFromFile(file.name), taken) } : {}) });
  };

  async function commit() {
    setSaving(true);
    try {
      const saved = await save(form, editing);
      toast.success(VARIABLES_TEXT.saved);
      onSaved(saved);
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors?.variableName?.includes('NoneOf')) setNameError(VARIABLES_TEXT.alreadyExists);
      else toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  }

  async function onSave() {
    setTouched(true);
    if (Object.keys(errors).length > 0) return;
    // §4: an edit is saved only if the value differs.
    if (editing && !formChanges(form, editing)) {
      onClose();
      return;
    }
    if (editing) {
      try {
        const usage = await variableUsage(editing.id);
        if (usage.collections.length > 0) {
          setAffected(usage.collections.map((collection) => collection.testSuiteName));
          return;
        }
      } catch (error) {
        toast.error(error instanceof Error ? error.message : String(error));
        return;
      }
    }
    await commit();
  }

  const valueTypes = formValueTypes(features);
  const resourceOptions = resources.map((device) => ({ id: device.deviceId, label: deviceDisplayNameOf(device) }));
  const resourceLimit = features.resourcePooling ? VARIABLE_LIMITS.resources : 1;

  return (
    <>
      <Dialog
        title={editing ? `Edit Variable - ${editing.variableName}` : 'Add Variable'}
        isOpen={affected === null}
        onDismiss={onClose}
        footer={<SaveCancelFooter onCancel={onClose} onSave={() => void onSave()} isSaving={saving} canSave={!saving} />}
      >
        <div className="variables-form">
          <TextField
            label="Variable Name"
            value={form.variableName}
            onChange={(variableName) => change({ variableName })}
            onBlur={() => setTouched(true)}
            isRequired
            errorMessage={nameError ?? shownErrors.variableName}
          />
          <Select
            label="Value Type"
            options={valueTypes.map((type) => ({ id: type, label: type }))}
            selectedKey={form.valueType}
            onSelectionChange={(id) => changeType(valueTypes.find((type) => type === id) ?? null)}
            // The type of a saved Excel variable is fixed: its data is its sheet.
            isDisabled={editing?.valueType === 'Excel'}
            isRequired
            errorMessage={shownErrors.valueType}
          />
          {form.valueType === 'String' && <TextField label="Value" value={form.text} onChange={(text) => change({ text })} errorMessage={shownErrors.value} />}
          {form.valueType === 'Resource' &&
            (resourceLimit === 1 ? (
              <RadioGroup label="Resource" orientation="vertical" options={resourceOptions} value={form.resources[0] ?? ''} onChange={(id) => chooseResources([id])} />
            ) : (
              <CheckboxGroup
                label="Resources"
                description={`Up to ${resourceLimit} resources`}
                options={resourceOptions}
                value={form.resources}
                onChange={chooseResources}
                emptyMessage="No resources"
              />
            ))}
          {form.valueType === 'Resource' && shownErrors.value && (
            <p className="ui-field__error" role="alert">
              {shownErrors.value}
            </p>
          )}
          {poolingWarning && (
            <p className="variables-form__warning" role="status">
              {VARIABLES_TEXT.poolingWarning}
            </p>
          )}
          {form.valueType === 'Excel' && (
            <FileField
              label="Excel File"
              accept={['.xls', '.xlsx']}
              fileName={form.file?.name ?? editing?.dataSource ?? null}
              onFile={chooseFile}
              errorMessage={shownErrors.file}
            />
          )}
        </div>
      </Dialog>
      <ConfirmDialog
        isOpen={affected !== null}
        message={VARIABLES_TEXT.updateConfirm(affected ?? [])}
        okText="Yes"
        cancelText="Cancel"
        onCancel={() => setAffected(null)}
        onConfirm={() => {
          setAffected(null);
          void commit();
        }}
      />
    </>
  );
}
