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

afterEach(() => {
  vi.useRealTimers();
  studioBackend.reset();
});

describe('CollectionTagsField', () => {
  it('polls getAllTags every 5 s, so a tag created elsewhere is offered', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let calls = 0;
    server.use(
      http.get(anyOrigin(endpoints.tags.all), () => {
        calls += 1;
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
    await vi.waitFor(() => expect(calls).toBe(1));
    studioBackend.tags.push(makeTag({ tagName: 'added elsewhere' }));
    // A second short of the period, with room for the real time that shouldAdvanceTime adds on a loaded machine.
    await act(() => vi.advanceTimersByTimeAsync(POLL.tagsMs - 1000));
    expect(calls).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await vi.waitFor(() => expect(calls).toBe(2));

    await user.click(screen.getByRole('button', { name: /Tags$/ }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['smoke', 'added elsewhere']);
  });
});
