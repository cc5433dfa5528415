/**
 * postMessage traffic with an embedded page (spec part 1 §7 "Messaging with the embedded page").
 * Messages travel as `{ type, payload? }`; a bare type string is accepted as well, so a page may post just the name.
 */

export const OUTGOING_FRAME_MESSAGE_TYPES = [
  'refreshCollection',
  'refreshEmailConfiguration',
  // Variable changes (spec part 2 §4); 'Resoure' is the embedded page's spelling and must stay as is.
  'refreshVariable',
  'refreshResoureVariable',
  'refreshDataSourceVariable',
  'removeVariable',
  'variableChanged',
] as const;

/** The spelling 'Mangement' is the embedded page's and must stay as is. */
export const INCOMING_FRAME_MESSAGE_TYPES = [
  'showVariableMangementPopup',
  'showEmailSetupPopup',
  'refreshToken',
  'exportCollection',
  'importCollection',
  'importedRefreshEvent',
  'recordPlaybackCollection',
  'reloadCollectionList',
] as const;

export type OutgoingFrameMessageType = (typeof OUTGOING_FRAME_MESSAGE_TYPES)[number];
export type IncomingFrameMessageType = (typeof INCOMING_FRAME_MESSAGE_TYPES)[number];

export interface OutgoingFrameMessage {
  type: OutgoingFrameMessageType;
  payload?: unknown;
}

export interface IncomingFrameMessage {
  type: IncomingFrameMessageType;
  payload?: unknown;
}

function isIncomingType(value: unknown): value is IncomingFrameMessageType {
  return typeof value === 'string' && (INCOMING_FRAME_MESSAGE_TYPES as readonly string[]).includes(value);
}

/** The typed message, or null for anything this app does not handle. */
export function parseFrameMessage(data: unknown): IncomingFrameMessage | null {
  if (isIncomingType(data)) return { type: data };
  if (typeof data !== 'object' || data === null || !('type' in data) || !isIncomingType(data.type)) return null;
  return 'payload' in data ? { type: data.type, payload: data.payload } : { type: data.type };
}

/** The origin of a frame's page, resolving a relative src against this document. */
export function frameOrigin(src: string): string {
  return new URL(src, window.location.href).origin;
}

/** True only for a message the frame's own window sent from the frame's own origin. */
export function isFromFrame(event: MessageEvent, frame: HTMLIFrameElement): boolean {
  return frame.contentWindow !== null && event.source === frame.contentWindow && event.origin === frameOrigin(frame.src);
}

/** Posts to the frame, addressed to its exact origin so a frame navigated elsewhere never receives it. */
export function postToFrame(frame: HTMLIFrameElement, message: OutgoingFrameMessage): void {
  frame.contentWindow?.postMessage(message, frameOrigin(frame.src));
}

/** Delivers the frame's known messages to `onMessage`; returns the unsubscribe function. */
export function listenToFrame(frame: HTMLIFrameElement, onMessage: (message: IncomingFrameMessage) => void): () => void {
  const listener = (event: MessageEvent) => {
    if (!isFromFrame(event, frame)) return;
    const message = parseFrameMessage(event.data);
    if (message) onMessage(message);
  };
  window.addEventListener('message', listener);
  return () => window.removeEventListener('message', listener);
}
