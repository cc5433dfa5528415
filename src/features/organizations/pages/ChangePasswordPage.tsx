import { useMutation } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { errorText } from '../../../lib/error-messages';
import { changePasswordSchema, PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH, type ChangePassword } from '../../../shared/contracts/users';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';
import { toast } from '../../../ui/toast-queue';
import { changePassword } from '../api/users';
import { fieldMessages, serverFieldMessages } from '../form-errors';
import '../users.css';

export const PASSWORDS_DIFFER = 'The passwords do not match';
const EMPTY = { currentPassword: '', newPassword: '', repeatPassword: '' };
type Field = keyof typeof EMPTY;

export interface ChangePasswordPageProps {
  /** Where to go once the password is changed (the user's home); resolved when needed. */
  nextTarget: () => Promise<string>;
}

/** /userLanding: the signed-in user replaces their password (required after an administrator set it). */
export function ChangePasswordPage({ nextTarget }: ChangePasswordPageProps) {
  const router = useRouter();
  const [values, setValues] = useState(EMPTY);
  const [touched, setTouched] = useState<ReadonlySet<Field>>(new Set());
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const parsed = changePasswordSchema.safeParse({ currentPassword: values.currentPassword, newPassword: values.newPassword });
  const errors: Record<string, string | undefined> = fieldMessages(parsed.error);
  if (values.repeatPassword !== values.newPassword) errors.repeatPassword = PASSWORDS_DIFFER;
  const isValid = parsed.success && !errors.repeatPassword;

  const change = useMutation({
    mutationFn: (body: ChangePassword) => changePassword(body),
    onSuccess: async () => {
      toast.success(PASSWORD_MESSAGES.changed);
      const target = await nextTarget();
      router.history.replace(target);
    },
    onError: (error) => {
      const fields = serverFieldMessages(error);
      setServerErrors(fields);
      setFailure(Object.keys(fields).length > 0 ? null : errorText(error));
    },
  });

  const field = (name: Field, label: string, autoComplete: string, description?: string) => (
    <TextField
      label={label}
      type="password"
      autoComplete={autoComplete}
      description={description}
      value={values[name]}
      onChange={(value) => {
        setValues((previous) => ({ ...previous, [name]: value }));
        setTouched((previous) => new Set(previous).add(name));
        setServerErrors(({ [name]: _dropped, ...rest }) => rest);
      }}
      onBlur={() => setTouched((previous) => new Set(previous).add(name))}
      errorMessage={serverErrors[name] ?? (touched.has(name) ? errors[name] : undefined)}
      isRequired
    />
  );

  return (
    <section className="page users-page">
      <h1>Set your password</h1>
      <form
        className="users-form password-form"
        aria-label="Change password"
        onSubmit={(event) => {
          event.preventDefault();
          if (isValid && parsed.data && !change.isPending) change.mutate(parsed.data);
        }}
      >
        <p className="users-outcome">Your password was set by an administrator. Choose your own before going on.</p>
        {field('currentPassword', 'Current password', 'current-password')}
        {field('newPassword', 'New password', 'new-password', `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`)}
        {field('repeatPassword', 'Repeat new password', 'new-password')}
        {failure && (
          <p className="users-outcome users-outcome--error" role="alert">
            {failure}
          </p>
        )}
        <div className="users-form__actions">
          <Button type="submit" variant="primary" isDisabled={!isValid} isPending={change.isPending}>
            Change password
          </Button>
        </div>
      </form>
    </section>
  );
}
