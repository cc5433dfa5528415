import { onlineManager, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { DATA_STALE_TIME_MS } from '../shared/constants';
import { ApiError } from './api-error';
import { clearQueriesOnSignOut, createQueryClient, followConnection, shouldRetry } from './query-client';
import { createReachability } from './reachability';
import { clearSession, setSession } from './session';
import { waitUntil } from '../../tests/support/wait';

describe('createQueryClient', () => {
  it('keeps data fresh for 7 s', () => {
    expect(createQueryClient().getDefaultOptions().queries?.staleTime).toBe(DATA_STALE_TIME_MS);
  });

  it('does not retry a 4xx answer', async () => {
    const client = createQueryClient();
    let calls = 0;

    await expect(
      client.fetchQuery({
        queryKey: ['forbidden'],
        queryFn: () => {
          calls += 1;
          return Promise.reject(new ApiError(404, 'missing'));
        },
        retryDelay: 0,
      }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(calls).toBe(1);
  });

  it('retries server errors and lost connections up to three times', async () => {
    const client = createQueryClient();
    let calls = 0;

    await expect(
      client.fetchQuery({
        queryKey: ['flaky'],
        queryFn: () => {
          calls += 1;
          return calls < 3 ? Promise.reject(new ApiError(calls === 1 ? 0 : 503, 'down')) : Promise.resolve('ok');
        },
        retryDelay: 0,
      }),
    ).resolves.toBe('ok');
    expect(calls).toBe(3);
  });
});

describe('shouldRetry', () => {
  it('stops after three failures', () => {
    expect(shouldRetry(2, new ApiError(500, 'x'))).toBe(true);
    expect(shouldRetry(3, new ApiError(500, 'x'))).toBe(false);
    expect(shouldRetry(0, new ApiError(429, 'x'))).toBe(false);
    expect(shouldRetry(0, new TypeError('x'))).toBe(true);
  });
});

describe('clearQueriesOnSignOut', () => {
  it('drops cached data when the session ends, not when it is refreshed', () => {
    const client = createQueryClient();
    const unsubscribe = clearQueriesOnSignOut(client);
    client.setQueryData(['runs'], ['run-1']);

    setSession({ token: 'a', refreshToken: 'r', userId: 'u' });
    expect(client.getQueryData(['runs'])).toEqual(['run-1']);

    clearSession();
    expect(client.getQueryData(['runs'])).toBeUndefined();
    unsubscribe();
  });
});

describe('followConnection', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('starts offline when the page loads offline: queries wait paused, then run once the network returns', async () => {
    const client = createQueryClient();
    // What QueryClientProvider does: the client resumes paused queries when the network returns.
    client.mount();
    const stop = followConnection(client, { onLine: false });
    let calls = 0;
    const loaded = client.fetchQuery({
      queryKey: ['collections'],
      queryFn: () => {
        calls += 1;
        return Promise.resolve(['Offline_Import']);
      },
    });
    await waitUntil(() => expect(client.getQueryState(['collections'])?.fetchStatus).toBe('paused'));
    expect(calls).toBe(0);

    onlineManager.setOnline(true);

    await expect(loaded).resolves.toEqual(['Offline_Import']);
    expect(calls).toBe(1);
    stop();
    client.unmount();
  });

  it('tries a query that failed offline again as soon as the network returns, not after its retry delay', async () => {
    const client = createQueryClient();
    const stop = followConnection(client, { onLine: true });
    let calls = 0;
    const loaded = client.fetchQuery({
      queryKey: ['collections'],
      queryFn: () => {
        calls += 1;
        return calls === 1 ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve(['Offline_Import']);
      },
      retryDelay: 60_000,
    });
    await waitUntil(() => expect(client.getQueryState(['collections'])?.fetchFailureCount).toBe(1));

    onlineManager.setOnline(false);
    onlineManager.setOnline(true);

    // The caller waiting on the first fetch gets the answer of the new one.
    await expect(loaded).resolves.toEqual(['Offline_Import']);
    expect(calls).toBe(2);
    stop();
  });

  it('polls a view whose last fetch failed again as soon as the server answers, though no online event came (lie-fi)', async () => {
    const client = createQueryClient();
    const reachability = createReachability();
    const stop = followConnection(client, { onLine: true }, reachability);
    let calls = 0;
    const observer = new QueryObserver(client, {
      queryKey: ['schedules'],
      queryFn: () => {
        calls += 1;
        return calls === 1 ? Promise.reject(new ApiError(0, 'no answer')) : Promise.resolve(['Nightly']);
      },
      retry: false,
      refetchInterval: 60_000,
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await waitUntil(() => expect(observer.getCurrentResult().status).toBe('error'));
    reachability.failed();
    expect(calls).toBe(1);

    reachability.answered(Date.now());

    await waitUntil(() => expect(observer.getCurrentResult().data).toEqual(['Nightly']));
    expect(calls).toBe(2);
    unsubscribe();
    stop();
  });

  it("fetches a view again at once when its fetch, still out as the server answered again, then fails (abandoned on the dead connection)", async () => {
    const client = createQueryClient();
    const reachability = createReachability();
    const stop = followConnection(client, { onLine: true }, reachability);
    let calls = 0;
    let abandon: (error: Error) => void = () => undefined;
    const observer = new QueryObserver(client, {
      queryKey: ['wall'],
      queryFn: () => {
        calls += 1;
        return calls === 1 ? new Promise<string[]>((_resolve, reject) => (abandon = reject)) : Promise.resolve(['Nightly']);
      },
      retry: false,
      refetchInterval: 60_000,
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await waitUntil(() => expect(calls).toBe(1));
    reachability.failed();

    reachability.answered(Date.now());
    abandon(new ApiError(0, 'Abandoned after an outage'));

    await waitUntil(() => expect(observer.getCurrentResult().data).toEqual(['Nightly']));
    expect(calls).toBe(2);
    unsubscribe();
    stop();
  });

  it('leaves a query that is not failing alone', async () => {
    const client = createQueryClient();
    const stop = followConnection(client, { onLine: true });
    let calls = 0;
    let answer: (value: string) => void = () => undefined;
    const loaded = client.fetchQuery({
      queryKey: ['slow'],
      queryFn: () => {
        calls += 1;
        return new Promise<string>((resolve) => {
          answer = resolve;
        });
      },
    });

    onlineManager.setOnline(false);
    onlineManager.setOnline(true);
    answer('ok');

    await expect(loaded).resolves.toBe('ok');
    expect(calls).toBe(1);
    stop();
  });
});
