import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '../../tests/msw/server';
import { EmbeddedFrame } from './EmbeddedFrame';
import { waitUntil } from '../../tests/support/wait';

const PAGE_URL = 'http://frames.test:7100/parserConfig';

function servePage() {
  server.use(http.get(PAGE_URL, () => new HttpResponse('<html></html>', { headers: { 'Content-Type': 'text/html' } })));
}

describe('EmbeddedFrame', () => {
  it('shows the page in a titled frame and passes on only its own known messages', async () => {
    servePage();
    const onMessage = vi.fn();
    render(<EmbeddedFrame title="Parser Config Builder" src={PAGE_URL} onMessage={onMessage} />);
    const frame = screen.getByTitle<HTMLIFrameElement>('Parser Config Builder');
    await waitUntil(() => expect(frame).toHaveAttribute('aria-busy', 'false'));
    // happy-dom does not load iframe pages; stand in for the frame's window.
    const frameWindow = { postMessage: vi.fn() };
    Object.defineProperty(frame, 'contentWindow', { value: frameWindow });

    const post = (data: unknown, origin: string, source: unknown) =>
      window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window }));
    post({ type: 'showVariableMangementPopup' }, 'http://frames.test:7100', frameWindow);
    post({ type: 'showVariableMangementPopup' }, 'http://other.test', frameWindow);
    post({ type: 'showVariableMangementPopup' }, 'http://frames.test:7100', window);
    post({ type: 'notAKnownMessage' }, 'http://frames.test:7100', frameWindow);

    expect(onMessage).toHaveBeenCalledExactlyOnceWith({ type: 'showVariableMangementPopup' });
  });

  it('says the page could not be reached and loads it on Retry once it is up', async () => {
    server.use(http.get(PAGE_URL, () => HttpResponse.error()));
    render(<EmbeddedFrame title="Parser Config Builder" src={PAGE_URL} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(`Parser Config Builder could not be reached at ${PAGE_URL}.`);
    expect(screen.queryByTitle('Parser Config Builder')).not.toBeInTheDocument();

    servePage();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    const frame = await screen.findByTitle('Parser Config Builder');
    await waitUntil(() => expect(frame).toHaveAttribute('aria-busy', 'false'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('counts a page that does not answer within the probe timeout as unreachable', async () => {
    server.use(http.get(PAGE_URL, async () => {
      await delay('infinite');
      return new HttpResponse(null);
    }));
    render(<EmbeddedFrame title="Device Control" src={PAGE_URL} probeTimeoutMs={50} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(`Device Control could not be reached at ${PAGE_URL}.`);
  });

  it('resolves a relative src against the app, and names the full address when unreachable', async () => {
    server.use(http.get('*/static-dashboard', () => HttpResponse.error()));
    render(<EmbeddedFrame title="Static Dashboard" src="/static-dashboard" />);
    expect(await screen.findByRole('alert')).toHaveTextContent(`Static Dashboard could not be reached at ${window.location.origin}/static-dashboard.`);
  });
});
