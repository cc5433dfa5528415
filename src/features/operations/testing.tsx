import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DateTime } from 'luxon';
import type { RequestHandler } from 'msw';
import type { ReactNode } from 'react';
import { afterAll, beforeAll, vi } from 'vitest';
import { operationsBackend, type OperationsBackendOptions } from '../../../tests/msw/operations';
import { makeDevice } from '../../../tests/msw/resources-handlers';
import { server } from '../../../tests/msw/server';
import { makeTag, studioBackend } from '../../../tests/msw/studio-handlers';
import { happyDom } from '../../../tests/support/happy-dom';
import { signInAs } from '../../../tests/support/render-app';
import { createQueryClient } from '../../lib/query-client';
import { TABLE } from '../../shared/constants';
import type { ScheduleSummaryRow } from '../../shared/contracts/operations';
import { ToastRegion } from '../../ui/Toast';
import { toastQueue } from '../../ui/toast-queue';
import { OperationsCentrePage } from './pages/OperationsCentrePage';

/** Test support of the Operations Centre's component tests (not part of the app). */

/**
 * happy-dom lays nothing out, so the virtualised tables would render no rows: react-aria's scroll view reads the grid's
 * clientWidth and clientHeight, which it trusts in tests when defined on HTMLElement.prototype (as VirtualTable.test.tsx
 * does), and clips what it renders to the window's viewport. Both wide enough for every column of the widest table.
 */
export function layOutTables(width = 2_400, height: number = TABLE.compactHeight) {
  const { innerWidth, innerHeight } = window;
  beforeAll(() => {
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => height });
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => width });
    happyDom()?.setViewport({ width, height: 2 * height });
  });
  afterAll(() => {
    Reflect.deleteProperty(HTMLElement.prototype, 'clientHeight');
    Reflect.deleteProperty(HTMLElement.prototype, 'clientWidth');
    happyDom()?.setViewport({ width: innerWidth, height: innerHeight });
  });
}

export const TAGS = [makeTag({ id: 'smoke', tagName: 'smoke' }), makeTag({ id: 'v2', tagName: 'v2.0', tagType: 'VERSION_TAG' })];

export interface RenderOperationsOptions extends OperationsBackendOptions {
  scheduleQueue?: ReactNode;
  /** Handlers in front of the fake's (a poll link). */
  before?: RequestHandler[];
}

/** The page with the fake Operations Centre, two resources and two tags; the route's slots are spies. */
export function renderOperations({ scheduleQueue, before = [], ...options }: RenderOperationsOptions = {}) {
  toastQueue.clear();
  studioBackend.reset();
  studioBackend.devices = [makeDevice({ deviceId: 'browser-1', cmdDeviceType: 'BROWSER', customName: 'Browser 1' }), makeDevice({ deviceId: 'pixel-7', cmdDeviceType: 'MOBILE', customName: 'Pixel 7' })];
  studioBackend.tags = [...TAGS];
  signInAs(['OPERATIONS_CENTER']);
  const backend = operationsBackend(options);
  server.use(...before, ...backend.handlers);
  const renderCollectionReport = vi.fn((statusId: string) => <p>{`Report of ${statusId}`}</p>);
  const renderScheduleExecution = vi.fn((firing: ScheduleSummaryRow) => <p>{`Firing ${firing.id}`}</p>);
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <OperationsCentrePage renderCollectionReport={renderCollectionReport} renderScheduleExecution={renderScheduleExecution} scheduleQueue={scheduleQueue} />
      <ToastRegion />
    </QueryClientProvider>,
  );
  return { ...view, backend, renderCollectionReport, renderScheduleExecution, user: userEvent.setup() };
}

type User = ReturnType<typeof userEvent.setup>;

/** The day as the pickers show it (MMM-dd-yyyy). */
export const pickerText = (day: DateTime) => day.setLocale('en-US').toFormat('MMM-dd-yyyy');

/** The date picker's trigger, named by the day it shows and the field's label. */
export const pickerButton = (label: string) => screen.getByRole('button', { name: new RegExp(` ${label}$`) });

/** Opens a date picker and picks `day` in its calendar, moving to the day's month first. */
export async function pickDay(user: User, label: string, day: DateTime) {
  await user.click(pickerButton(label));
  const calendar = await screen.findByRole('dialog');
  const name = new RegExp(day.setLocale('en-US').toFormat('MMMM d, yyyy'));
  for (let moves = 0; moves < 24 && !within(calendar).queryByRole('button', { name }); moves += 1) {
    const heading = within(calendar).getByRole('heading').textContent ?? '';
    const shown = DateTime.fromFormat(heading, 'MMMM yyyy', { locale: 'en-US' });
    await user.click(within(calendar).getByRole('button', { name: shown > day ? 'Previous' : 'Next' }));
  }
  await user.click(within(calendar).getByRole('button', { name }));
}

/** Rows of the grid named `label`, without its header row. */
export function bodyRows(label: string): HTMLElement[] {
  return within(screen.getByRole('grid', { name: label })).getAllByRole('row').slice(1);
}

export const cellTexts = (row: HTMLElement) => [...row.querySelectorAll('[role="gridcell"], [role="rowheader"]')].map((cell) => cell.textContent);
