import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { iosBuilderBackend, makeIosBuild } from '../../../../tests/msw/ios-builder';
import { server } from '../../../../tests/msw/server';
import { signInAs } from '../../../../tests/support/render-app';
import { createQueryClient } from '../../../lib/query-client';
import { iosBuilderKeys } from '../api/ios-builder-keys';
import { IOS_BUILDER_MESSAGES, type IosBuild } from '../../../shared/contracts/ios-builder';
import { IOS_FORM_TEXT } from '../components/IosBuilderForm';
import { IOS_PAGE_TEXT, IosBuilderPage } from './IosBuilderPage';

function renderPage(options: { build?: IosBuild | null; startAnswers?: number[]; listFailures?: number } = {}, queryClient = createQueryClient()) {
  signInAs(['STUDIO']);
  const backend = iosBuilderBackend(options);
  server.use(...backend.handlers);
  const onFinished = vi.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <IosBuilderPage onFinished={onFinished} />
    </QueryClientProvider>,
  );
  // Fake timers (when a test sets them) must drive user-event's own delays too.
  const user = userEvent.setup({ advanceTimers: (ms) => (vi.isFakeTimers() ? vi.advanceTimersByTime(ms) : undefined), applyAccept: false });
  return { backend, onFinished, user };
}

const fileInput = (label: string) => {
  const input = screen.getByRole('group', { name: label }).querySelector('input[type="file"]');
  if (!(input instanceof HTMLInputElement)) throw new Error(`No file input in ${label}`);
  return input;
};

async function fillValidForm(user: ReturnType<typeof userEvent.setup>) {
  await user.upload(fileInput(IOS_FORM_TEXT.profile), new File(['profile'], 'Gateway.mobileprovision'));
  await user.upload(fileInput(IOS_FORM_TEXT.certificate), new File(['p12'], 'identity.p12'));
  await user.type(screen.getByLabelText(IOS_FORM_TEXT.password), 'secret');
  await user.type(screen.getByRole('textbox', { name: IOS_FORM_TEXT.bundleId }), 'acme');
}

const progressValue = () => screen.getByRole('progressbar', { name: IOS_BUILDER_MESSAGES.generating }).getAttribute('aria-valuenow');

afterEach(() => {
  vi.useRealTimers();
});

describe('IosBuilderPage', () => {
  it('says what the archive holds and that the last step runs on a Mac', async () => {
    renderPage();
    expect(await screen.findByText(IOS_PAGE_TEXT.what)).toBeInTheDocument();
    expect(screen.getByText(IOS_PAGE_TEXT.mac)).toBeInTheDocument();
  });

  it('requires every field, takes only .mobileprovision and .p12 files and previews the derived bundle id', async () => {
    const { backend, user } = renderPage();
    await user.click(await screen.findByRole('button', { name: IOS_FORM_TEXT.start }));
    expect(screen.getByRole('alert')).toHaveTextContent(IOS_BUILDER_MESSAGES.allRequired);

    await user.upload(fileInput(IOS_FORM_TEXT.profile), new File(['x'], 'profile.plist'));
    expect(screen.getByRole('group', { name: IOS_FORM_TEXT.profile })).toHaveTextContent(IOS_BUILDER_MESSAGES.profileType);
    expect(screen.getByRole('group', { name: IOS_FORM_TEXT.profile })).toHaveTextContent('No file chosen');
    await user.upload(fileInput(IOS_FORM_TEXT.certificate), new File(['x'], 'identity.pem'));
    expect(screen.getByRole('group', { name: IOS_FORM_TEXT.certificate })).toHaveTextContent(IOS_BUILDER_MESSAGES.certificateType);

    const bundleId = screen.getByRole('textbox', { name: IOS_FORM_TEXT.bundleId });
    expect(screen.getByText('com.{bundleId}.StudioXCTInjector')).toBeInTheDocument();
    await user.type(bundleId, 'acme.qa');
    expect(screen.getByText('com.acme.qa.StudioXCTInjector')).toBeInTheDocument();
    await user.clear(bundleId);
    await user.type(bundleId, 'bad id');
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: IOS_FORM_TEXT.start }));
    expect(screen.getByRole('textbox', { name: IOS_FORM_TEXT.bundleId })).toHaveAccessibleDescription(expect.stringContaining(IOS_BUILDER_MESSAGES.bundleIdPattern));
    expect(backend.state.starts).toHaveLength(0);
  });

  it('starts a build with the form, grows the bar 10, 30, 50, 70 then 10 every 20 s, and on FINISHED shows 100 and moves on', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { backend, onFinished, user } = renderPage();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: IOS_FORM_TEXT.start }));
    await screen.findByRole('progressbar', { name: IOS_BUILDER_MESSAGES.generating });
    expect(backend.state.starts).toEqual([{ provisionProfile: 'Gateway.mobileprovision', signingCertificate: 'identity.p12', password: 'secret', bundleId: 'acme' }]);
    expect(screen.getByRole('status')).toHaveTextContent(IOS_BUILDER_MESSAGES.pleaseWait);
    expect(progressValue()).toBe('10');
    for (const expected of ['30', '50', '70', '10']) {
      await act(() => vi.advanceTimersByTimeAsync(20_000));
      expect(progressValue()).toBe(expected);
    }
    expect(onFinished).not.toHaveBeenCalled();

    backend.state.build = makeIosBuild({ id: 'build-1', Status: 'FINISHED', URL: '/api/ios-builder/download/build-1', fileName: 'com.acme.StudioXCTInjector.zip', currentProgress: 100 });
    const polls = backend.state.listCalls;
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await waitFor(() => expect(onFinished).toHaveBeenCalledTimes(1));
    expect(backend.state.listCalls).toBeGreaterThan(polls);
    expect(progressValue()).toBe('100');
  });

  it('treats a 409 as a build already underway', async () => {
    const { backend, user } = renderPage({ startAnswers: [409] });
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: IOS_FORM_TEXT.start }));
    expect(await screen.findByText(IOS_BUILDER_MESSAGES.underway)).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: IOS_BUILDER_MESSAGES.generating })).toBeInTheDocument();
    expect(backend.state.starts).toHaveLength(1);
  });

  it.each([
    [406, IOS_BUILDER_MESSAGES.notAcceptable],
    [503, IOS_BUILDER_MESSAGES.unavailable],
  ])('shows the message of a %i at once, without retrying', async (status, message) => {
    const { backend, user } = renderPage({ startAnswers: [status] });
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: IOS_FORM_TEXT.start }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(backend.state.starts).toHaveLength(1);
    expect(screen.getByRole('button', { name: IOS_FORM_TEXT.start })).toBeEnabled();
  });

  it('retries a failed submit 3 times 5 s apart, then says something went wrong', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { backend, user } = renderPage({ startAnswers: [500, 500, 500, 500] });
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: IOS_FORM_TEXT.start }));
    await waitFor(() => expect(backend.state.starts).toHaveLength(1));
    for (const expected of [2, 3, 4]) {
      await act(() => vi.advanceTimersByTimeAsync(5_000));
      await waitFor(() => expect(backend.state.starts).toHaveLength(expected));
    }
    expect(await screen.findByText(IOS_BUILDER_MESSAGES.submitFailed)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(backend.state.starts).toHaveLength(4);
  });

  it('retries the status poll 5 times 1 s apart, then says so', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { backend } = renderPage({ listFailures: 6 });
    await waitFor(() => expect(backend.state.listCalls).toBe(1));
    for (let retry = 0; retry < 5; retry += 1) await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(await screen.findByText(IOS_BUILDER_MESSAGES.pollFailed)).toBeInTheDocument();
    expect(backend.state.listCalls).toBe(6);
  });

  it('shows a FAILED build’s Description with the form again', async () => {
    renderPage({ build: makeIosBuild({ Status: 'FAILED', Description: IOS_BUILDER_MESSAGES.wrongPassword }) });
    expect(await screen.findByRole('alert')).toHaveTextContent(IOS_BUILDER_MESSAGES.wrongPassword);
    expect(screen.getByRole('form', { name: IOS_FORM_TEXT.form })).toBeInTheDocument();
  });

  it('offers the last FINISHED bundle for download with the token, and the form to build again', async () => {
    // Spies, which vi.restoreAllMocks takes back: the URL class is the page's, and files after this one meet it.
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:ios');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const { backend, onFinished, user } = renderPage({
      build: makeIosBuild({ Status: 'FINISHED', URL: '/api/ios-builder/download/build-1', fileName: 'com.acme.StudioXCTInjector.zip', currentProgress: 100 }),
    });
    await user.click(await screen.findByRole('button', { name: IOS_PAGE_TEXT.download }));
    await waitFor(() => expect(backend.state.downloads).toBe(1));
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(screen.getByText('com.acme.StudioXCTInjector.zip')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: IOS_FORM_TEXT.form })).toBeInTheDocument();
    // Opening the page on an earlier build does not leave it.
    expect(onFinished).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });

  it('does not leave for the download page over a CREATING build restored from an old cache', async () => {
    const restored = createQueryClient();
    restored.setQueryData(iosBuilderKeys.list(), makeIosBuild({ Status: 'CREATING' }), { updatedAt: Date.now() - 60_000 });
    const { onFinished } = renderPage({ build: makeIosBuild({ Status: 'FINISHED', URL: '/api/ios-builder/download/build-1', fileName: 'com.acme.StudioXCTInjector.zip' }) }, restored);
    expect(await screen.findByRole('button', { name: IOS_PAGE_TEXT.download })).toBeInTheDocument();
    expect(onFinished).not.toHaveBeenCalled();
  });
});
