import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { anyOrigin, errorResponse, healthItems } from '../../../../tests/msw/handlers';
import { server } from '../../../../tests/msw/server';
import { pollLink } from '../../../../tests/support/poll-link';
import { signInAs } from '../../../../tests/support/render-app';
import { createQueryClient } from '../../../lib/query-client';
import { HEALTH_RETRY_DELAY_MS, MESSAGES, POLL } from '../../../shared/constants';
import type { HealthItem } from '../../../shared/contracts/health';
import { endpoints } from '../../../shared/endpoints';
import { HealthStatusWidget } from './HealthStatusWidget';
import { waitUntil } from '../../../../tests/support/wait';

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
  vi.restoreAllMocks();
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
    await waitUntil(() => expect(calls.count).toBe(1));
    await act(() => vi.advanceTimersByTimeAsync(HEALTH_RETRY_DELAY_MS));
    await waitUntil(() => expect(calls.count).toBe(2));
    expect(screen.queryByText(MESSAGES.somethingWentWrong)).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(HEALTH_RETRY_DELAY_MS));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.somethingWentWrong);
    expect(calls.count).toBe(3);
  });

  it('through failed polls keeps the last list with the error, marked amber then red, backs off after the retries, and recovers', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // Half of the full-jitter range: the waits after failed polls are 5, 10, 20, 40 s.
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const link = pollLink(endpoints.health.status);
    serveStatus(healthItems());
    server.use(link.handler);
    renderWidget();
    expect(await screen.findByText(MESSAGES.allOperational)).toBeInTheDocument();
    expect(screen.getByText('updated 0 s ago')).toHaveAttribute('data-freshness', 'fresh');

    link.state = 'server-error';
    await act(() => vi.advanceTimersByTimeAsync(POLL.healthMs + 2 * HEALTH_RETRY_DELAY_MS));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.somethingWentWrong);
    expect(screen.getByRole('list', { name: 'Services' })).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.allOperational)).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(9_000));
    expect(screen.getByText(/^updated \d+ s ago$/)).toHaveAttribute('data-freshness', 'stale');
    await act(() => vi.advanceTimersByTimeAsync(35_000));
    expect(screen.getByText(/^updated \d+ s ago$/)).toHaveAttribute('data-freshness', 'late');
    // Each failed poll is the request and its 2 retries 1 s apart; the next poll waits 5, then 10, then 20 s.
    expect(link.gapsInSeconds()).toEqual([5, 1, 1, 5, 1, 1, 10, 1, 1, 20, 1, 1]);
    expect(screen.getByRole('list', { name: 'Services' })).toBeInTheDocument();

    link.state = 'up';
    await act(() => vi.advanceTimersByTimeAsync(40_000));
    expect(await screen.findByText(MESSAGES.allOperational)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText(/^updated \d+ s ago$/)).toHaveAttribute('data-freshness', 'fresh');
  });
});
