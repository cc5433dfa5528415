import { useCallback, useEffect, useEffectEvent, useState, type Ref } from 'react';
import { listenToFrame, type IncomingFrameMessage } from '../lib/message-bridge';
import { Button } from './Button';
import './embedded-frame.css';

/** How long the reachability probe may take before the page counts as unreachable. */
export const FRAME_PROBE_TIMEOUT_MS = 10_000;

export interface EmbeddedFrameProps {
  title: string;
  src: string;
  /** Receives only known messages sent by this frame's window from this frame's origin. */
  onMessage?: (message: IncomingFrameMessage) => void;
  /** The iframe, for postToFrame; null while the unreachable message is shown. */
  ref?: Ref<HTMLIFrameElement>;
  probeTimeoutMs?: number;
}

type Reachability = 'probing' | 'reachable' | 'unreachable';

interface Probe {
  url: string;
  attempt: number;
  result: Reachability;
}

/**
 * An opaque no-cors answer proves the server is there; only a network failure or the timeout rejects.
 * An iframe's error event does not fire for unreachable pages, so this is the only signal there is.
 */
async function isReachable(url: string, timeoutMs: number): Promise<boolean> {
  try {
    await fetch(url, { mode: 'no-cors', cache: 'no-store', signal: AbortSignal.timeout(timeoutMs) });
    return true;
  } catch {
    return false;
  }
}

/** Hands the element to the caller's ref and returns how to take it back (React 19 ref cleanup). */
function attachRef<T>(ref: Ref<T> | undefined, node: T): () => void {
  if (typeof ref === 'function') {
    const cleanup = ref(node);
    return typeof cleanup === 'function' ? cleanup : () => ref(null);
  }
  if (ref) ref.current = node;
  return () => {
    if (ref) ref.current = null;
  };
}

/** Another application's page inside the studio, with a clear message and Retry when it cannot be reached. */
export function EmbeddedFrame({ title, src, onMessage, ref, probeTimeoutMs = FRAME_PROBE_TIMEOUT_MS }: EmbeddedFrameProps) {
  const url = new URL(src, window.location.href).href;
  const [attempt, setAttempt] = useState(0);
  const [probe, setProbe] = useState<Probe | null>(null);
  const reachability: Reachability = probe?.url === url && probe.attempt === attempt ? probe.result : 'probing';
  const [frame, setFrame] = useState<HTMLIFrameElement | null>(null);
  // Stable, so React attaches it once per mounted iframe rather than on every render.
  const frameRef = useCallback(
    (node: HTMLIFrameElement) => {
      setFrame(node);
      const detach = attachRef(ref, node);
      return () => {
        setFrame(null);
        detach();
      };
    },
    [ref],
  );

  useEffect(() => {
    let current = true;
    void isReachable(url, probeTimeoutMs).then((reachable) => {
      if (current) setProbe({ url, attempt, result: reachable ? 'reachable' : 'unreachable' });
    });
    return () => {
      current = false;
    };
  }, [url, attempt, probeTimeoutMs]);

  const deliver = useEffectEvent((message: IncomingFrameMessage) => onMessage?.(message));
  useEffect(() => {
    if (!frame) return;
    return listenToFrame(frame, deliver);
  }, [frame]);

  if (reachability === 'unreachable') {
    return (
      <div className="ui-embedded-frame ui-embedded-frame--unreachable" role="alert">
        <p>{`${title} could not be reached at ${url}.`}</p>
        <Button variant="primary" onPress={() => setAttempt((previous) => previous + 1)}>
          Retry
        </Button>
      </div>
    );
  }
  return (
    <iframe
      key={attempt}
      ref={frameRef}
      className="ui-embedded-frame"
      title={title}
      src={url}
      aria-busy={reachability === 'probing'}
    />
  );
}
