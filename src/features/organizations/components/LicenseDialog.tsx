import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { CLIENT_TYPES, type LicenseInput } from '../../../shared/contracts/organizations';
import { Dialog } from '../../../ui/Dialog';
import { SaveCancelFooter } from '../../../ui/SaveCancelFooter';
import { Select } from '../../../ui/Select';
import { Switch } from '../../../ui/Switch';
import { TextField } from '../../../ui/TextField';
import { validateLicenseForm, type LicenseField, type LicenseFormErrors, type LicenseFormValues } from '../license-form';

export interface LicenseDialogProps {
  title: string;
  isOpen: boolean;
  /** The values the dialog opens with (a new licence's defaults, or the licence being edited). */
  initialValues: LicenseFormValues;
  /** Saves the licence; a rejection keeps the dialog open and shows the server's message. */
  onSubmit: (input: LicenseInput) => Promise<void>;
  onClose: () => void;
}

const PRODUCT_OPTIONS = CLIENT_TYPES.map((type) => ({ id: type, label: type }));
const NUMBER_FIELDS: readonly { field: Exclude<LicenseField, 'licenseName' | 'product' | 'trial'>; label: string; description?: string }[] = [
  { field: 'users', label: 'Users', description: 'Active users at most' },
  { field: 'durationDays', label: 'Duration (days)' },
  { field: 'parallels', label: 'Parallels', description: 'Runs executing at once' },
  { field: 'credit', label: 'Credit (run minutes)', description: 'Empty for no limit' },
];

/** A platform administrator's licence form (licenseInputSchema): create, or edit a bound licence. */
export function LicenseDialog({ title, isOpen, initialValues, onSubmit, onClose }: LicenseDialogProps) {
  const [values, setValues] = useState(initialValues);
  const [touched, setTouched] = useState<ReadonlySet<LicenseField>>(() => new Set());
  const [serverErrors, setServerErrors] = useState<LicenseFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const { errors } = validateLicenseForm(values);

  const shownError = (field: LicenseField) => serverErrors[field] ?? (touched.has(field) ? errors?.[field] : undefined);
  const change = <Field extends LicenseField>(field: Field, value: LicenseFormValues[Field]) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setTouched((previous) => new Set(previous).add(field));
    setServerErrors((previous) => ({ ...previous, [field]: undefined }));
  };

  const close = () => {
    setValues(initialValues);
    setTouched(new Set());
    setServerErrors({});
    setFormError(null);
    onClose();
  };

  const save = async () => {
    const checked = validateLicenseForm(values);
    setTouched(new Set(Object.keys(values) as LicenseField[]));
    if (!checked.input) return;
    setSaving(true);
    setFormError(null);
    try {
      await onSubmit(checked.input);
      close();
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? (error.fieldErrors ?? {}) : {};
      const fields = Object.keys(fieldErrors).filter((field): field is LicenseField => field in values);
      setServerErrors(Object.fromEntries(fields.map((field) => [field, error instanceof Error ? error.message : String(error)])));
      if (fields.length === 0) setFormError(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog title={title} isOpen={isOpen} onDismiss={saving ? undefined : close} footer={<SaveCancelFooter onCancel={close} onSave={() => void save()} isSaving={saving} />}>
      <form
        className="license-form"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <TextField label="License name" value={values.licenseName} onChange={(value) => change('licenseName', value)} errorMessage={shownError('licenseName')} isRequired autoFocus />
        <Select label="Product" options={PRODUCT_OPTIONS} selectedKey={values.product} onSelectionChange={(id) => change('product', PRODUCT_OPTIONS.find((option) => option.id === id)?.id ?? values.product)} />
        <Switch isSelected={values.trial} onChange={(trial) => change('trial', trial)}>
          Trial
        </Switch>
        {NUMBER_FIELDS.map(({ field, label, description }) => (
          <TextField
            key={field}
            label={label}
            description={description}
            inputMode="numeric"
            value={values[field]}
            onChange={(value) => change(field, value)}
            errorMessage={shownError(field)}
            isRequired={field !== 'credit'}
          />
        ))}
        {formError && (
          <p className="org-error" role="alert">
            {formError}
          </p>
        )}
        <button type="submit" hidden />
      </form>
    </Dialog>
  );
}
