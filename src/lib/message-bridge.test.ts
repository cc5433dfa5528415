import { afterEach, describe, expect, it, vi } from 'vitest';
import { INCOMING_FRAME_MESSAGE_TYPES, listenToFrame, parseFrameMessage, postToFrame, type IncomingFrameMessage } from './message-bridge';

const FRAME_ORIGIN = 'http://frames.test:7100';

/** happy-dom does not load iframe pages, so the frame's window is a stand-in object with postMessage. */
function frameWithWindow(src = `${FRAME_ORIGIN}/studio-app`) {
  const frameWindow = { postMessage: vi.fn() };
  const frame = document.createElement('iframe');
  frame.setAttribute('src', src);
  Object.defineProperty(frame, 'contentWindow', { value: frameWindow });
  return { frame, frameWindow };
}

function post(data: unknown, origin: string, source: unknown) {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window }));
}

describe('parseFrameMessage', () => {
  it('accepts every received message name, as an object or a bare name', () => {
    for (const type of INCOMING_FRAME_MESSAGE_TYPES) {
      expect(parseFrameMessage({ type })).toEqual({ type });
      expect(parseFrameMessage(type)).toEqual({ type });
    }
    expect(parseFrameMessage({ type: 'exportCollection', payload: { id: 7 } })).toEqual({ type: 'exportCollection', payload: { id: 7 } });
  });

  it('drops unknown, sent-only and malformed messages', () => {
    expect(parseFrameMessage({ type: 'deleteEverything' })).toBeNull();
    expect(parseFrameMessage('refreshCollection')).toBeNull();
    expect(parseFrameMessage({ kind: 'refreshToken' })).toBeNull();
    expect(parseFrameMessage(null)).toBeNull();
    expect(parseFrameMessage(42)).toBeNull();
  });
});

describe('listenToFrame', () => {
  let stop: (() => void) | undefined;
  afterEach(() => stop?.());

  function listen(frame: HTMLIFrameElement) {
    const received: IncomingFrameMessage[] = [];
    stop = listenToFrame(frame, (message) => received.push(message));
    return received;
  }

  it('delivers known messages from the frame window and origin', () => {
    const { frame, frameWindow } = frameWithWindow();
    const received = listen(frame);
    post({ type: 'showEmailSetupPopup' }, FRAME_ORIGIN, frameWindow);
    post('reloadCollectionList', FRAME_ORIGIN, frameWindow);
    expect(received).toEqual([{ type: 'showEmailSetupPopup' }, { type: 'reloadCollectionList' }]);
  });

  it('ignores the same message from another origin or another window', () => {
    const { frame, frameWindow } = frameWithWindow();
    const received = listen(frame);
    post({ type: 'refreshToken' }, 'http://evil.test', frameWindow);
    post({ type: 'refreshToken' }, 'http://frames.test:7101', frameWindow);
    post({ type: 'refreshToken' }, FRAME_ORIGIN, { postMessage: vi.fn() });
    post({ type: 'refreshToken' }, FRAME_ORIGIN, null);
    expect(received).toEqual([]);
  });

  it('drops unknown message types from the frame', () => {
    const { frame, frameWindow } = frameWithWindow();
    const received = listen(frame);
    post({ type: 'runArbitraryCode' }, FRAME_ORIGIN, frameWindow);
    expect(received).toEqual([]);
  });

  it('resolves a relative frame src against the page, so same-host frames work', () => {
    const { frame, frameWindow } = frameWithWindow('/static-dashboard');
    const received = listen(frame);
    post({ type: 'importCollection' }, window.location.origin, frameWindow);
    expect(received).toEqual([{ type: 'importCollection' }]);
  });

  it('stops delivering after unsubscribing', () => {
    const { frame, frameWindow } = frameWithWindow();
    const received = listen(frame);
    stop?.();
    post({ type: 'refreshToken' }, FRAME_ORIGIN, frameWindow);
    expect(received).toEqual([]);
  });
});

describe('postToFrame', () => {
  it("targets the frame's exact origin, never '*'", () => {
    const { frame, frameWindow } = frameWithWindow();
    postToFrame(frame, { type: 'refreshCollection' });
    expect(frameWindow.postMessage).toHaveBeenCalledExactlyOnceWith({ type: 'refreshCollection' }, FRAME_ORIGIN);
  });
});
