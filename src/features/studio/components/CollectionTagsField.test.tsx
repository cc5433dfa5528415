import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { anyOrigin } from '../../../../tests/msw/handlers';
import { server } from '../../../../tests/msw/server';
import { makeTag, studioBackend } from '../../../../tests/msw/studio-handlers';
import { signInAs } from '../../../../tests/support/render-app';
import { createQueryClient } from '../../../lib/query-client';
import { POLL } from '../../../shared/constants';
import { endpoints } from '../../../shared/endpoints';
import { CollectionTagsField } from './CollectionTagsField';
import { waitUntil } from '../../../../tests/support/wait';

afterEach(() => {
  vi.useRealTimers();
  studioBackend.reset();
});

describe('CollectionTagsField', () => {
  it('polls getAllTags every 5 s, so a tag created elsewhere is offered', async () => {
    // msw and user-event need time to pass: the fake clock also follows the real one, so the test reads when each
    // request came (Date.now() is the fake clock) instead of counting requests at exact instants.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const requestedAt: number[] = [];
    server.use(
      http.get(anyOrigin(endpoints.tags.all), () => {
        requestedAt.push(Date.now());
        return undefined;
      }),
    );
    studioBackend.tags = [makeTag({ tagName: 'smoke' })];
    signInAs(['STUDIO']);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <CollectionTagsField collection={{ tags: [], version: null }} onChange={() => undefined} />
      </QueryClientProvider>,
    );
    // The poll period runs from the first answer: a refetch due while the first request is still out joins it.
    let answered = 0;
    server.events.on('response:mocked', ({ request }) => void (request.url.includes(endpoints.tags.all) && (answered += 1)));
    await waitUntil(() => expect(answered).toBe(1));
    expect(requestedAt).toHaveLength(1);
    studioBackend.tags.push(makeTag({ tagName: 'added elsewhere' }));
    await act(() => vi.advanceTimersByTimeAsync(POLL.tagsMs));
    await waitUntil(() => expect(requestedAt).toHaveLength(2));
    // One period apart; the bounds leave room for the requests' own latency, which the fake clock also counts.
    const gap = (requestedAt[1] ?? 0) - (requestedAt[0] ?? 0);
    expect(gap).toBeGreaterThan(POLL.tagsMs / 2);
    expect(gap).toBeLessThan(POLL.tagsMs * 2);

    await user.click(screen.getByRole('button', { name: /Tags$/ }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['smoke', 'added elsewhere']);
  });
});
