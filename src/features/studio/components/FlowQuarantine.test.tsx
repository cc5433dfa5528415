import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { anyOrigin, errorResponse } from '../../../../tests/msw/handlers';
import { quarantineBackend } from '../../../../tests/msw/quarantine';
import { server } from '../../../../tests/msw/server';
import { makeCollection } from '../../../../tests/msw/studio-handlers';
import { signInAs } from '../../../../tests/support/render-app';
import { createQueryClient } from '../../../lib/query-client';
import type { Collection } from '../../../shared/contracts/collections';
import { QUARANTINE_MESSAGES, type FlowQuarantine } from '../../../shared/contracts/quarantine';
import type { Permission } from '../../../shared/permissions';
import { endpoints } from '../../../shared/endpoints';
import { ToastRegion } from '../../../ui/Toast';
import { toastQueue } from '../../../ui/toast-queue';
import { useFlowQuarantine } from '../use-flow-quarantine';
import { FlowEditor } from './FlowEditor';

const collection = makeCollection({
  id: 'shop',
  collectionId: 'shop',
  testCases: [
    { testCaseId: 'cart', testCaseName: 'Flow cart', testCaseType: 'FLOW', loop: 1, steps: [] },
    { testCaseId: 'pay', testCaseName: 'Flow pay', testCaseType: 'FLOW', loop: 1, steps: [] },
  ],
});

const payInQuarantine: FlowQuarantine = {
  collectionId: 'shop',
  flowId: 'pay',
  flowName: 'Flow pay',
  reason: 'Payment sandbox times out',
  quarantinedBy: 'lead@example.test',
  quarantinedAt: '2026-11-20T09:00:00.000Z',
  released: null,
};

/** The Studio's flow editor of a collection as saved (`saved`, by default the one on screen), with its quarantines. */
function Editor({ onScreen, saved }: { onScreen: Collection; saved: Collection }) {
  const flowExtra = useFlowQuarantine(onScreen.id, JSON.stringify(saved));
  return <FlowEditor collection={onScreen} onChange={() => undefined} flowExtra={flowExtra} />;
}

function renderEditor(features: readonly Permission[], initial: readonly FlowQuarantine[] = [payInQuarantine], onScreen = collection, saved = collection) {
  const backend = quarantineBackend(initial);
  server.use(...backend.handlers);
  signInAs(features);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Editor onScreen={onScreen} saved={saved} />
      <ToastRegion />
    </QueryClientProvider>,
  );
  return backend;
}

const flowItem = (name: string) => screen.getByRole('listitem', { name });

afterEach(() => {
  act(() => toastQueue.clear());
});

describe('flow quarantine in the Studio (issue 29)', () => {
  it('marks a quarantined flow with its reason, and quarantines another with a reason typed in the modal, by keyboard', async () => {
    const user = userEvent.setup();
    const backend = renderEditor(['STUDIO', 'RTA_MANAGEMENT']);
    expect(await within(await screen.findByRole('listitem', { name: 'Flow pay' })).findByText('Payment sandbox times out', { exact: false })).toBeInTheDocument();
    expect(within(flowItem('Flow pay')).getByText('In quarantine')).toBeInTheDocument();
    expect(within(flowItem('Flow pay')).getByRole('button', { name: 'Release Flow pay from quarantine' })).toHaveAccessibleDescription(/Payment sandbox times out/);

    const quarantine = within(flowItem('Flow cart')).getByRole('button', { name: 'Quarantine Flow cart' });
    act(() => quarantine.focus());
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Quarantine Flow cart' });
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    // The dialog takes focus as it opens; the reason is the first field Tab reaches.
    await waitFor(() => expect(dialog).toHaveFocus());
    await user.tab();
    expect(reason).toHaveFocus();
    expect(reason).toBeRequired();

    // No reason: nothing is sent, the field says why.
    await user.click(within(dialog).getByRole('button', { name: 'Quarantine' }));
    expect(within(dialog).getByText(QUARANTINE_MESSAGES.reasonRequired)).toBeInTheDocument();
    expect(backend.requests).toEqual([]);

    await user.type(reason, '  Cart badge flickers ');
    await user.click(within(dialog).getByRole('button', { name: 'Quarantine' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.requests).toEqual([{ path: endpoints.quarantine.quarantineFlow, body: { collectionId: 'shop', flowId: 'cart', reason: 'Cart badge flickers' } }]);
    expect(await screen.findByText(QUARANTINE_MESSAGES.quarantined)).toBeInTheDocument();
    expect(await within(flowItem('Flow cart')).findByRole('button', { name: 'Release Flow cart from quarantine' })).toBeInTheDocument();
    expect(within(flowItem('Flow cart')).getByText('Cart badge flickers', { exact: false })).toBeInTheDocument();
  });

  it('releases a flow after confirming in the modal, which shows the reason; Cancel and Escape change nothing', async () => {
    const user = userEvent.setup();
    const backend = renderEditor(['RTA_MANAGEMENT']);
    const release = await within(await screen.findByRole('listitem', { name: 'Flow pay' })).findByRole('button', { name: 'Release Flow pay from quarantine' });

    await user.click(release);
    let dialog = await screen.findByRole('dialog', { name: 'Release Flow pay' });
    expect(within(dialog).getByText('Payment sandbox times out')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.requests).toEqual([]);

    await user.click(release);
    dialog = await screen.findByRole('dialog', { name: 'Release Flow pay' });
    await user.click(within(dialog).getByRole('button', { name: 'Release' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.requests).toEqual([{ path: endpoints.quarantine.releaseFlow, body: { collectionId: 'shop', flowId: 'pay' } }]);
    expect(await within(flowItem('Flow pay')).findByRole('button', { name: 'Quarantine Flow pay' })).toBeInTheDocument();
    expect(within(flowItem('Flow pay')).queryByText('In quarantine')).not.toBeInTheDocument();
  });

  it('keeps the modal open with the server’s message when the change is refused', async () => {
    const user = userEvent.setup();
    renderEditor(['RTA_MANAGEMENT'], []);
    server.use(http.post(anyOrigin(endpoints.quarantine.quarantineFlow), () => errorResponse(404, 'Collection shop has no flow cart.')));
    await user.click(await within(await screen.findByRole('listitem', { name: 'Flow cart' })).findByRole('button', { name: 'Quarantine Flow cart' }));
    const dialog = await screen.findByRole('dialog', { name: 'Quarantine Flow cart' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Flaky');
    await user.click(within(dialog).getByRole('button', { name: 'Quarantine' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Collection shop has no flow cart.');
    expect(screen.getByRole('dialog', { name: 'Quarantine Flow cart' })).toBeInTheDocument();
  });

  it('shows the mark without actions to a user without RTA_MANAGEMENT, and no action on a flow not saved yet', async () => {
    renderEditor(['STUDIO']);
    expect(await within(await screen.findByRole('listitem', { name: 'Flow pay' })).findByText('In quarantine')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /quarantine/i })).not.toBeInTheDocument();
  });

  it('offers no action on a flow added since the last save', async () => {
    const added = { ...collection, testCases: [...collection.testCases, { testCaseId: 'new-flow', testCaseName: 'Flow new', testCaseType: 'FLOW' as const, loop: 1, steps: [] }] };
    renderEditor(['RTA_MANAGEMENT'], [], added, collection);
    expect(await within(await screen.findByRole('listitem', { name: 'Flow cart' })).findByRole('button', { name: 'Quarantine Flow cart' })).toBeInTheDocument();
    expect(within(flowItem('Flow new')).queryByRole('button', { name: /quarantine/i })).not.toBeInTheDocument();
  });
});
