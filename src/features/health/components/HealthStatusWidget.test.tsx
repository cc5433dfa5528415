import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { anyOrigin, errorResponse, healthItems } from '../../../../tests/msw/handlers';
import { server } from '../../../../tests/msw/server';
import { signInAs } from '../../../../tests/support/render-app';
import { createQueryClient } from '../../../lib/query-client';
import { HEALTH_RETRY_DELAY_MS, MESSAGES, POLL } from '../../../shared/constants';
import type { HealthItem } from '../../../shared/contracts/health';
import { HealthStatusWidget } from './HealthStatusWidget';

function renderWidget() {
  signInAs([]);
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <HealthStatusWidget />
    </QueryClientProvider>,
  );
}

/** Answers the status endpoint with each given answer in turn (the last one repeats) and counts the calls. */
function serveStatus(...answers: (HealthItem[] | 'fail')[]) {
  const calls = { count: 0 };
  server.use(
    http.get(anyOrigin('/api/health/status'), () => {
      const answer = answers[Math.min(calls.count, answers.length - 1)];
      calls.count += 1;
      return answer === 'fail' ? errorResponse(503, 'down') : HttpResponse.json({ success: true, data: answer });
    }),
  );
  return calls;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('HealthStatusWidget', () => {
  it('shows the banner and Operational for every service when all are up', async () => {
    renderWidget();
    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.allOperational);
    const services = screen.getByRole('list', { name: 'Services' });
    expect(within(services).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'DatabaseOperational',
      'SchedulerOperational',
      'Resource PoolOperational',
    ]);
  });

  it("marks a failing service 'Out of order' and drops the banner", async () => {
    const items = healthItems(true, '2026-03-05T12:00:00Z');
    items[1] = { name: 'Scheduler', data: [{ testSuccess: false, testTime: '2026-03-05T12:00:00Z' }] };
    serveStatus(items);
    renderWidget();
    expect(await screen.findByRole('button', { name: /^Scheduler: Out of order\. Last updated: Mar 5, 2026/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Database: Operational/ })).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.allOperational)).not.toBeInTheDocument();
  });

  it("says 'No data to display' when there are no services", async () => {
    serveStatus([]);
    renderWidget();
    expect(await screen.findByText(MESSAGES.noData)).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.allOperational)).not.toBeInTheDocument();
  });

  it('shows the error only after the request and its 2 retries, 1 s apart, all failed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = serveStatus('fail');
    renderWidget();
    await vi.waitFor(() => expect(calls.count).toBe(1));
    await act(() => vi.advanceTimersByTimeAsync(HEALTH_RETRY_DELAY_MS));
    await vi.waitFor(() => expect(calls.count).toBe(2));
    expect(screen.queryByText(MESSAGES.somethingWentWrong)).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(HEALTH_RETRY_DELAY_MS));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.somethingWentWrong);
    expect(calls.count).toBe(3);
  });

  it('polls every 5 s: recovers from a failure and keeps the last answer through the next one', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = serveStatus(healthItems(), 'fail', 'fail', 'fail', healthItems());
    renderWidget();
    expect(await screen.findByText(MESSAGES.allOperational)).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(POLL.healthMs));
    await act(() => vi.advanceTimersByTimeAsync(2 * HEALTH_RETRY_DELAY_MS));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.somethingWentWrong);
    expect(calls.count).toBe(4);
    expect(screen.getByRole('list', { name: 'Services' })).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.allOperational)).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(POLL.healthMs));
    expect(await screen.findByText(MESSAGES.allOperational)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
