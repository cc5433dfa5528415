import { useRef, useState } from 'react';
import {
  EMAIL_PROVIDERS,
  EMAIL_TYPES,
  providerOfHost,
  saveEmailConfigSchema,
  type EmailConfig,
  type SaveEmailConfig,
} from '../../../shared/contracts/email';
import { Button } from '../../../ui/Button';
import { Checkbox } from '../../../ui/Checkbox';
import { RadioGroup } from '../../../ui/RadioGroup';
import { Select } from '../../../ui/Select';
import { TextField } from '../../../ui/TextField';

type Mode = 'simple' | 'advanced';

interface Draft {
  fromEmail: string;
  password: string;
  emailType: string;
  emailHost: string;
  emailPort: string;
  enableSsl: boolean;
  enableTls: boolean;
  emailProvider: string;
}

function draftOf(config: EmailConfig | null): Draft {
  return {
    fromEmail: config?.fromEmail ?? '',
    password: '',
    emailType: config?.emailType ?? 'SMTP',
    emailHost: config?.emailHost ?? '',
    emailPort: config ? String(config.emailPort) : '',
    enableSsl: config?.enableSsl ?? false,
    enableTls: config?.enableTls ?? false,
    emailProvider: config?.emailProvider ?? '',
  };
}

/** The payload of a draft: simple mode sends the provider alone, advanced mode the server (§5). */
export function payloadOf(draft: Draft, mode: Mode, editing: EmailConfig | null): SaveEmailConfig {
  const common = { ...(editing ? { configEmailId: editing.configEmailId } : {}), fromEmail: draft.fromEmail, password: draft.password };
  if (mode === 'simple') return { ...common, emailProvider: (EMAIL_PROVIDERS as readonly string[]).includes(draft.emailProvider) ? (draft.emailProvider as SaveEmailConfig['emailProvider']) : null };
  const port = /^\d+$/.test(draft.emailPort.trim()) ? Number(draft.emailPort.trim()) : null;
  return {
    ...common,
    emailType: (EMAIL_TYPES as readonly string[]).includes(draft.emailType) ? (draft.emailType as SaveEmailConfig['emailType']) : null,
    emailHost: draft.emailHost.trim(),
    emailPort: port,
    enableSsl: draft.enableSsl,
    enableTls: draft.enableTls,
    emailProvider: providerOfHost(draft.emailHost),
  };
}

/** Field errors of the shared contract, plus §5's "password required" for a new configuration. */
function errorsOf(payload: SaveEmailConfig, isNew: boolean, mode: Mode): Record<string, string> {
  const errors: Record<string, string> = {};
  const parsed = saveEmailConfigSchema.safeParse(payload);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      errors[field] ??= issue.message;
    }
  }
  if (mode === 'advanced' && payload.emailHost === '') errors['emailHost'] = 'Required';
  if (isNew && payload.password === '') errors['password'] = 'Required';
  return errors;
}

export interface EmailConfigFormProps {
  editing: EmailConfig | null;
  onSave: (payload: SaveEmailConfig) => Promise<boolean>;
  onCancel: () => void;
}

/** The inline Add/Edit form of the Email Configurations table; on a failed save the first input takes the focus (§8). */
export function EmailConfigForm({ editing, onSave, onCancel }: EmailConfigFormProps) {
  const [mode, setMode] = useState<Mode>(editing ? 'advanced' : 'simple');
  const [draft, setDraft] = useState<Draft>(() => draftOf(editing));
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstInput = () => formRef.current?.querySelector<HTMLInputElement>('input:not([type=radio])')?.focus();
  const payload = payloadOf(draft, mode, editing);
  const errors = errorsOf(payload, editing === null, mode);
  const shown = (field: string) => (touched.has(field) ? errors[field] : undefined);
  const set = <K extends keyof Draft>(field: K, value: Draft[K]) => setDraft((current) => ({ ...current, [field]: value }));
  const touch = (field: string) => setTouched((current) => new Set(current).add(field));

  async function save() {
    setTouched(new Set(['fromEmail', 'password', 'emailType', 'emailHost', 'emailPort', 'emailProvider']));
    if (Object.keys(errors).length > 0 || saving) {
      focusFirstInput();
      return;
    }
    setSaving(true);
    const ok = await onSave(payload);
    setSaving(false);
    if (!ok) focusFirstInput();
  }

  return (
    <form
      ref={formRef}
      className="email-config-form"
      aria-label={editing ? `Edit ${editing.fromEmail}` : 'Add email configuration'}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <RadioGroup
        label="Mode"
        options={[
          { id: 'simple', label: 'Simple' },
          { id: 'advanced', label: 'Advanced' },
        ]}
        value={mode}
        onChange={(id) => setMode(id === 'advanced' ? 'advanced' : 'simple')}
      />
      <TextField label="From Email" value={draft.fromEmail} onChange={(value) => set('fromEmail', value)} onBlur={() => touch('fromEmail')} errorMessage={shown('fromEmail')} />
      <TextField
        label="Password"
        type="password"
        value={draft.password}
        description={editing ? 'Leave empty to keep the saved password' : undefined}
        onChange={(value) => set('password', value)}
        onBlur={() => touch('password')}
        errorMessage={shown('password')}
      />
      {mode === 'simple' ? (
        <Select
          label="Provider"
          options={EMAIL_PROVIDERS.map((provider) => ({ id: provider, label: provider }))}
          selectedKey={draft.emailProvider || null}
          onSelectionChange={(id) => set('emailProvider', id ?? '')}
          onBlur={() => touch('emailProvider')}
          errorMessage={shown('emailProvider')}
        />
      ) : (
        <>
          <Select label="Type" options={EMAIL_TYPES.map((type) => ({ id: type, label: type }))} selectedKey={draft.emailType} onSelectionChange={(id) => set('emailType', id ?? '')} errorMessage={shown('emailType')} />
          <TextField label="Host" value={draft.emailHost} onChange={(value) => set('emailHost', value)} onBlur={() => touch('emailHost')} errorMessage={shown('emailHost')} />
          <TextField label="Port" inputMode="numeric" value={draft.emailPort} onChange={(value) => set('emailPort', value)} onBlur={() => touch('emailPort')} errorMessage={shown('emailPort')} />
          <Checkbox isSelected={draft.enableSsl} onChange={(value) => set('enableSsl', value)}>
            SSL
          </Checkbox>
          <Checkbox isSelected={draft.enableTls} onChange={(value) => set('enableTls', value)}>
            TLS
          </Checkbox>
        </>
      )}
      <div className="email-config-form__actions">
        <Button variant="primary" type="submit" isDisabled={saving}>
          {saving ? 'Saving…' : 'Save'}
        </Button>
        <Button variant="ghost" onPress={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
