import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DateTime } from 'luxon';
import { controlRoomBackend, makeSchedule } from '../../../../tests/msw/control-room';
import { customDashboardBackend, makeProject, type CustomDashboardBackendOptions } from '../../../../tests/msw/custom-dashboard';
import { server } from '../../../../tests/msw/server';
import { makeCollection, makeTag, studioBackend } from '../../../../tests/msw/studio-handlers';
import { signInAs } from '../../../../tests/support/render-app';
import { createQueryClient } from '../../../lib/query-client';
import type { Permission } from '../../../shared/permissions';
import { ToastRegion } from '../../../ui/Toast';
import { toastQueue } from '../../../ui/toast-queue';
import { OperationsDashboardPage } from '../pages/OperationsDashboardPage';
import { chooseOptions, selectTrigger } from '../../../../tests/support/select';

/** Test support of the custom dashboard's component tests (not part of the app). */

export const CHECKOUT = makeCollection({ id: 'c-checkout', testSuiteName: 'Checkout flow' });
export const LOGIN = makeCollection({ id: 'c-login', testSuiteName: 'Login flow' });
export const NIGHTLY = makeSchedule({ id: 's-nightly', name: 'Nightly' });
export const TAGS = [makeTag({ tagName: 'smoke' }), makeTag({ tagName: 'v2.0', tagType: 'VERSION_TAG' })];

/** The choices the KPI editor offers (collections, schedules, tags) and the fake custom dashboard calls. */
export function seedBackends(options: CustomDashboardBackendOptions = {}) {
  toastQueue.clear();
  studioBackend.reset();
  studioBackend.add(CHECKOUT);
  studioBackend.add(LOGIN);
  studioBackend.tags = [...TAGS];
  const schedules = controlRoomBackend({ schedules: [NIGHTLY] });
  const backend = customDashboardBackend({
    projects: [makeProject({ projectId: 'p-checkout', projectName: 'Checkout' }), makeProject({ projectId: 'p-payments', projectName: 'Payments' })],
    ...options,
  });
  server.use(...schedules.handlers, ...backend.handlers);
  return backend;
}

/** The operations dashboard page alone (no app shell), with its toasts. */
export function renderOperationsPage({ features = ['DASHBOARD_MANAGEMENT'], canManage = true, ...options }: CustomDashboardBackendOptions & { features?: Permission[]; canManage?: boolean } = {}) {
  const backend = seedBackends(options);
  signInAs(features);
  const queryClient = createQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <OperationsDashboardPage reportId="report-custom" canManage={canManage} />
      <ToastRegion />
    </QueryClientProvider>,
  );
  return { ...view, backend, queryClient, user: userEvent.setup() };
}

type User = ReturnType<typeof userEvent.setup>;

/** Opens the select (or multi-select) labelled `label` and picks `names`; a multi-select is closed with Escape. */
export async function pick(user: User, label: string, names: readonly string[], multiple = false) {
  await chooseOptions(user, selectTrigger(label), names, { multiple });
}

/** Picks today in the date picker labelled `label` (today's month is the one its calendar opens on). */
export async function pickToday(user: User, label: string) {
  await user.click(screen.getByRole('button', { name: new RegExp(` ${label}$`) }));
  const calendar = await screen.findByRole('dialog');
  await user.click(within(calendar).getByRole('button', { name: new RegExp(DateTime.now().setLocale('en-US').toFormat('MMMM d, yyyy')) }));
}

/** Today as the date picker gives it (the viewer's day). */
export const today = () => DateTime.now().toFormat('yyyy-MM-dd');
