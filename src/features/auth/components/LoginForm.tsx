import { useState, type FormEvent } from 'react';
import { loginEmailError, loginPasswordError } from '../../../lib/validators';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';

export interface LoginFormProps {
  /** The red banner's text: the server's message or the not-found fallback. */
  error: string | null;
  isBusy: boolean;
  onSubmit: (email: string, password: string) => void;
  onGoogleSignIn: () => void;
}

/** E-mail and password (spec part 1 §5 Login): errors show once a field is touched; Log in waits for a valid form. */
export function LoginForm({ error, isBusy, onSubmit, onGoogleSignIn }: LoginFormProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState({ email: false, password: false });
  const emailError = loginEmailError(email);
  const passwordError = loginPasswordError(password);
  const isValid = emailError === null && passwordError === null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isValid || isBusy) return;
    onSubmit(email.trim().toLowerCase(), password);
  };

  return (
    <form className="login-form" onSubmit={submit} noValidate aria-label="Log in">
      {error && (
        <div role="alert" className="auth-banner">
          {error}
        </div>
      )}
      <TextField
        label="E-mail"
        type="email"
        name="email"
        autoComplete="username"
        value={email}
        onChange={setEmail}
        onBlur={() => setTouched((state) => ({ ...state, email: true }))}
        errorMessage={touched.email ? (emailError ?? undefined) : undefined}
        validationBehavior="aria"
        isRequired
      />
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
        onBlur={() => setTouched((state) => ({ ...state, password: true }))}
        errorMessage={touched.password ? (passwordError ?? undefined) : undefined}
        validationBehavior="aria"
        isRequired
      />
      <div className="login-form__actions">
        <Button type="submit" variant="primary" isDisabled={!isValid || isBusy}>
          Log in
        </Button>
        <span className="login-form__divider">or</span>
        <Button onPress={onGoogleSignIn} isDisabled={isBusy}>
          Sign in with Google
        </Button>
      </div>
    </form>
  );
}
