import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { serveFailureClassification, serveFlowHistory } from '../../../../tests/msw/flakiness-handlers';
import { anyOrigin, errorResponse } from '../../../../tests/msw/handlers';
import { failureLabelsBackend, makeRunDetails } from '../../../../tests/msw/runs-handlers';
import { server } from '../../../../tests/msw/server';
import { clearAppOfflineDb } from '../../../../tests/support/app-offline-db';
import { signInAs } from '../../../../tests/support/render-app';
import { createQueryClient } from '../../../lib/query-client';
import type { FailedFlow, FlowHistory } from '../../../shared/contracts/flakiness';
import { endpoints } from '../../../shared/endpoints';
import { reportKeys } from '../api/report-keys';
import { CollectionReportModal } from './CollectionReportModal';

const failedRun = makeRunDetails({ statusId: 'run-9', testSuiteName: 'Checkout' });
const earlierRun = makeRunDetails({ statusId: 'run-2', testSuiteName: 'Checkout', testStatus: 'PASSED' });

/** getDetails of the two runs; another id is not this test's. */
const serveRuns = http.get(anyOrigin(endpoints.runs.details), ({ request }) => {
  const run = [failedRun, earlierRun].find((candidate) => candidate.statusId === new URL(request.url).searchParams.get('id'));
  return run ? HttpResponse.json({ success: true, data: run }) : errorResponse(404, 'No such run');
});

const history: FlowHistory[] = [
  {
    flowId: 'flow-1',
    flowName: 'Sign in',
    results: [
      { statusId: 'run-2', time: '2026-03-04T12:00:00.000Z', result: 'PASSED' },
      { statusId: 'run-9', time: '2026-03-05T12:05:00.000Z', result: 'PASSED' },
    ],
  },
  {
    flowId: 'flow-2',
    flowName: 'Pay by card',
    results: [
      { statusId: 'run-2', time: '2026-03-04T12:00:00.000Z', result: 'FAILED' },
      { statusId: 'run-9', time: '2026-03-05T12:05:00.000Z', result: 'FAILED' },
    ],
  },
  { flowId: 'flow-3', flowName: 'Refund', results: [{ statusId: 'run-9', time: '2026-03-05T12:05:00.000Z', result: 'FAILED' }] },
  { flowId: 'flow-4', flowName: 'Gift card', results: [{ statusId: 'run-9', time: '2026-03-05T12:05:00.000Z', result: 'FAILED' }] },
];

const failed = (flowId: string, flowName: string, overrides: Partial<FailedFlow>): FailedFlow => ({
  flowId,
  flowName,
  failedStepId: '2',
  signature: '2: Button #pay not found',
  classification: 'NEW',
  firstSeen: { statusId: 'run-9', time: '2026-03-05T12:05:00.000Z' },
  occurrences: 1,
  passes: 0,
  failures: 1,
  ...overrides,
});

const classified: FailedFlow[] = [
  failed('flow-2', 'Pay by card', { classification: 'KNOWN', firstSeen: { statusId: 'run-2', time: '2026-03-04T12:00:00.000Z' }, occurrences: 2, failures: 2 }),
  failed('flow-3', 'Refund', { classification: 'NEW' }),
  failed('flow-4', 'Gift card', { classification: 'FLAKY', passes: 3, failures: 1 }),
];

function openReport() {
  signInAs(['STUDIO']);
  const queryClient = createQueryClient();
  // A 5xx is retried three times with back-off; the error answer is what this test is about.
  queryClient.setQueryDefaults(reportKeys.all, { retry: false });
  render(
    <QueryClientProvider client={queryClient}>
      <CollectionReportModal statusId={failedRun.statusId} onClose={() => undefined} />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup() };
}

async function flowRow(name: string): Promise<HTMLElement> {
  const section = await screen.findByRole('region', { name: 'Flow history' });
  const label = await within(section).findByText(name);
  const row = label.closest('li');
  if (!row) throw new Error(`No row for ${name}`);
  return row;
}

beforeEach(async () => {
  await clearAppOfflineDb();
  server.use(serveRuns, ...failureLabelsBackend([], [failedRun, earlierRun]).handlers);
});

describe('Collection report: flow history and failure classes', () => {
  it('shows each flow with its strip, this run marked, and says whether each failure is new, known or flaky', async () => {
    server.use(serveFlowHistory(history), serveFailureClassification(classified));
    openReport();
    const signIn = await flowRow('Sign in');
    const marks = within(within(signIn).getByRole('group', { name: 'History of Sign in' })).getAllByRole('link');
    expect(marks).toHaveLength(2);
    expect(marks[1]).toHaveAttribute('aria-current', 'true');
    expect(within(signIn).queryByText(/failure|Flaky/)).not.toBeInTheDocument();

    const pay = await flowRow('Pay by card');
    expect(await within(pay).findByText(/^Known failure — first seen/)).toHaveTextContent(/^Known failure — first seen Mar 4, 2026, .*, 2 times$/);
    expect(within(await flowRow('Refund')).getByText('New failure')).toBeInTheDocument();
    expect(within(await flowRow('Gift card')).getByText('Flaky — passed 3 times and failed 1 time on this version')).toBeInTheDocument();
  });

  it("opens the first failing run's report from a known failure's link, and an earlier run's from its mark, in the same dialog", async () => {
    server.use(serveFlowHistory(history), serveFailureClassification(classified));
    const { user } = openReport();
    const pay = await flowRow('Pay by card');
    await user.click(await within(pay).findByRole('link', { name: /^First seen Mar 4, 2026, .*: open that run's report$/ }));
    // The earlier run is now the one shown and marked, and its strip keeps its place for the keyboard.
    await expect.poll(testStatus).toBe('PASSED');
    const strip = within(await flowRow('Sign in')).getByRole('group', { name: 'History of Sign in' });
    await waitForCurrent(strip, 0);
    within(strip).getAllByRole('link')[1]?.focus();
    await user.keyboard('{Enter}');
    await expect.poll(testStatus).toBe('FAILED');
    await waitForCurrent(strip, 1);
  });

  it('shows the answer of a refused history (403) and of a failed classification (500), keeping the report', async () => {
    server.use(
      http.get(anyOrigin(endpoints.flakiness.flowHistory), () => errorResponse(403, 'You may not see this history.')),
      http.get(anyOrigin(endpoints.flakiness.failureClassification), () => errorResponse(500, 'Database away.')),
    );
    openReport();
    const section = await screen.findByRole('region', { name: 'Flow history' });
    // The two answers come apart: wait for both.
    await waitFor(() =>
      expect(within(section).getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['Failures could not be classified: Database away.', 'You may not see this history.']),
    );
    expect(screen.getByText('Checkout')).toBeInTheDocument();
  });
});

/** The report's Test Status. */
const testStatus = () => screen.getByText('Test Status').nextElementSibling?.textContent;

/** Waits until the strip's mark at `index` is the one marked as the report's run. */
async function waitForCurrent(strip: HTMLElement, index: number): Promise<void> {
  await expect.poll(() => within(strip).getAllByRole('link')[index]?.getAttribute('aria-current')).toBe('true');
}
