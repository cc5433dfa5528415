import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { errorMessage, errorText } from '../../../lib/error-messages';
import { groupInputSchema, type GroupInput } from '../../../shared/contracts/groups';
import { Button } from '../../../ui/Button';
import { CheckboxGroup } from '../../../ui/CheckboxGroup';
import { TextArea } from '../../../ui/TextArea';
import { TextField } from '../../../ui/TextField';
import { usersQuery } from '../api/users';

export interface GroupFormValues {
  name: string;
  description: string;
  members: string[];
}

export interface GroupFormProps {
  label: string;
  initial: GroupFormValues;
  /** The organization whose users may be members (a platform administrator's choice); null for the caller's own. */
  orgId: string | null;
  submitText: string;
  onSubmit: (input: GroupInput) => Promise<unknown>;
  /** Extra buttons beside submit (e.g. Delete). */
  extraActions?: ReactNode;
}

/** Name, description and members of a group; the members are the organization's users. */
export function GroupForm({ label, initial, orgId, submitText, onSubmit, extraActions }: GroupFormProps) {
  const users = useQuery(usersQuery(orgId));
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState(false);
  const [isSaving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const parsed = groupInputSchema.safeParse({ ...values, ...(orgId ? { orgId } : {}) });
  const nameIssue = parsed.error?.issues.find((issue) => issue.path[0] === 'name');
  const descriptionIssue = parsed.error?.issues.find((issue) => issue.path[0] === 'description');

  const submit = async (input: GroupInput) => {
    setSaving(true);
    setFailure(null);
    try {
      await onSubmit(input);
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setSaving(false);
    }
  };

  const options = (users.data ?? []).map((account) => ({
    id: account.id,
    label: `${account.userDetails.firstName} ${account.userDetails.lastName} (${account.email})`,
  }));

  return (
    <form
      className="groups-form"
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        if (parsed.success && !isSaving) void submit(parsed.data);
      }}
    >
      <TextField
        label="Name"
        value={values.name}
        onChange={(name) => {
          setValues((previous) => ({ ...previous, name }));
          setTouched(true);
        }}
        errorMessage={touched && nameIssue ? errorMessage(nameIssue.message) : undefined}
        isRequired
      />
      <TextArea
        label="Description"
        rows={3}
        value={values.description}
        onChange={(description) => setValues((previous) => ({ ...previous, description }))}
        errorMessage={descriptionIssue ? errorMessage(descriptionIssue.message) : undefined}
      />
      <CheckboxGroup
        label="Members"
        options={options}
        value={values.members}
        onChange={(members) => setValues((previous) => ({ ...previous, members }))}
        emptyMessage={users.isPending ? 'Loading users…' : 'This organization has no users yet.'}
      />
      {users.isError && (
        <p className="groups-error" role="alert">
          {errorText(users.error)}
        </p>
      )}
      {failure && (
        <p className="groups-error" role="alert">
          {failure}
        </p>
      )}
      <div className="groups-form__actions">
        <Button type="submit" variant="primary" isDisabled={!parsed.success} isPending={isSaving}>
          {submitText}
        </Button>
        {extraActions}
      </div>
    </form>
  );
}
