import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-messages';
import { createUserRequestSchema, EMAIL_IN_USE_MESSAGE, USER_CREATE_MESSAGES, type CreateUserRequest } from '../../../shared/contracts/users';
import { Button } from '../../../ui/Button';
import { CheckboxGroup } from '../../../ui/CheckboxGroup';
import { Select } from '../../../ui/Select';
import { TextField } from '../../../ui/TextField';
import { toast } from '../../../ui/toast-queue';
import { organizationsQuery } from '../api/organizations';
import { createUser, CreateUserRefused } from '../api/users';
import { usersKeys } from '../api/users-keys';
import { fieldMessages, serverFieldMessages } from '../form-errors';
import { onlyPermissions, PERMISSION_OPTIONS } from '../permission-labels';

const EMPTY = { firstName: '', lastName: '', emailAddress: '', password: '' };
type TextFieldName = keyof typeof EMPTY;

const FIELDS: readonly { name: TextFieldName; label: string; type?: string; autoComplete: string }[] = [
  { name: 'firstName', label: 'First Name', autoComplete: 'off' },
  { name: 'lastName', label: 'Last Name', autoComplete: 'off' },
  { name: 'emailAddress', label: 'Email', type: 'email', autoComplete: 'off' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
];

type Outcome = { tone: 'success' | 'error'; text: string };

/** What a failed create shows: data.Failed, 'User already exists!' for a taken e-mail, else the server's message. */
function outcomeOf(error: unknown): Outcome {
  if (error instanceof CreateUserRefused) return { tone: 'error', text: error.message };
  if (error instanceof ApiError && error.status === 409) return { tone: 'error', text: USER_CREATE_MESSAGES.exists };
  return { tone: 'error', text: errorText(error) };
}

export interface UserFormProps {
  /** A platform administrator picks the organization; others create in their own. */
  platformAdmin: boolean;
  orgId: string | null;
  onOrgChange: (orgId: string | null) => void;
}

/** The user creation form of spec part 3 §2: Submit stays disabled while the form is invalid. */
export function UserForm({ platformAdmin, orgId, onOrgChange }: UserFormProps) {
  const queryClient = useQueryClient();
  const organizations = useQuery({ ...organizationsQuery(), enabled: platformAdmin });
  const [values, setValues] = useState(EMPTY);
  const [touched, setTouched] = useState<ReadonlySet<TextFieldName>>(new Set());
  const [features, setFeatures] = useState<string[]>([]);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const request = { ...values, features: onlyPermissions(features), ...(platformAdmin && orgId ? { orgId } : {}) };
  const parsed = createUserRequestSchema.safeParse(request);
  const errors = fieldMessages(parsed.error);

  const create = useMutation({
    mutationFn: (body: CreateUserRequest) => createUser(body),
    onSuccess: async () => {
      setOutcome({ tone: 'success', text: USER_CREATE_MESSAGES.created });
      toast.success(USER_CREATE_MESSAGES.created);
      setValues(EMPTY);
      setTouched(new Set());
      setFeatures([]);
      await queryClient.invalidateQueries({ queryKey: usersKeys.all });
    },
    onError: (error) => {
      setOutcome(outcomeOf(error));
      const fields = serverFieldMessages(error);
      if (error instanceof ApiError && error.status === 409) fields.emailAddress ??= EMAIL_IN_USE_MESSAGE;
      setServerErrors(fields);
    },
  });

  const change = (name: TextFieldName, value: string) => {
    setValues((previous) => ({ ...previous, [name]: value }));
    setTouched((previous) => new Set(previous).add(name));
    setServerErrors(({ [name]: _dropped, ...rest }) => rest);
  };

  return (
    <form
      className="users-form"
      aria-label="Create user"
      onSubmit={(event) => {
        event.preventDefault();
        if (parsed.success && !create.isPending) create.mutate(parsed.data);
      }}
    >
      {platformAdmin && (
        <Select
          label="Organization"
          placeholder={organizations.isPending ? 'Loading organizations…' : 'Your organization'}
          options={(organizations.data ?? []).map((org) => ({ id: org.id, label: org.name }))}
          selectedKey={orgId}
          onSelectionChange={onOrgChange}
        />
      )}
      <div className="users-form__fields">
        {FIELDS.map((field) => (
          <TextField
            key={field.name}
            label={field.label}
            type={field.type}
            autoComplete={field.autoComplete}
            value={values[field.name]}
            onChange={(value) => change(field.name, value)}
            onBlur={() => setTouched((previous) => new Set(previous).add(field.name))}
            errorMessage={serverErrors[field.name] ?? (touched.has(field.name) ? errors[field.name] : undefined)}
            isRequired
          />
        ))}
      </div>
      <CheckboxGroup label="Permissions" options={PERMISSION_OPTIONS} value={features} onChange={setFeatures} />
      {outcome && (
        <p className={`users-outcome users-outcome--${outcome.tone}`} role={outcome.tone === 'error' ? 'alert' : 'status'}>
          {outcome.text}
        </p>
      )}
      <div className="users-form__actions">
        <Button type="submit" variant="primary" isDisabled={!parsed.success} isPending={create.isPending}>
          Submit
        </Button>
      </div>
    </form>
  );
}
