import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { startLogout } from '../logout-flow';

export function LogoutPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // StrictMode runs effects twice; logging out twice would show two toasts.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    startLogout(
      () => queryClient.clear(),
      () => void navigate({ to: '/login', replace: true }),
    );
  }, [navigate, queryClient]);

  return (
    <section className="auth-page">
      <h1 className="auth-page__card auth-page__status">Logging out…</h1>
    </section>
  );
}
