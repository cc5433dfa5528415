import { postToFrame } from '../../lib/message-bridge';

/** §4: email changes post refreshEmailConfiguration to the app's embedded frames (each addressed to its own origin). */
export function announceEmailChange(root: ParentNode = document): void {
  for (const frame of root.querySelectorAll<HTMLIFrameElement>('iframe.ui-embedded-frame')) postToFrame(frame, { type: 'refreshEmailConfiguration', payload: {} });
}
