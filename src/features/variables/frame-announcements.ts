import { postToFrame, type OutgoingFrameMessageType } from '../../lib/message-bridge';
import type { Variable } from '../../shared/contracts/variables';

export type VariableChange = 'saved' | 'removed';

/**
 * The messages of spec part 2 §4 for one change: every change is a variableChanged; a save also refreshes its kind
 * (refreshVariable for String and System, refreshResoureVariable for Resource, refreshDataSourceVariable for Excel);
 * a removal is a removeVariable.
 */
export function variableMessages(change: VariableChange, variable: Pick<Variable, 'valueType'>): OutgoingFrameMessageType[] {
  if (change === 'removed') return ['removeVariable', 'variableChanged'];
  const refresh = variable.valueType === 'Resource' ? 'refreshResoureVariable' : variable.valueType === 'Excel' ? 'refreshDataSourceVariable' : 'refreshVariable';
  return [refresh, 'variableChanged'];
}

/**
 * Tells the app's embedded pages (the frames EmbeddedFrame shows) about a change. postToFrame addresses each message
 * to its frame's own origin, so a frame navigated elsewhere never receives it; pages that are not the studio's frames
 * get nothing.
 */
export function announceVariableChange(change: VariableChange, variable: Pick<Variable, 'id' | 'variableName' | 'valueType'>, root: ParentNode = document): void {
  const payload = { id: variable.id, variableName: variable.variableName, valueType: variable.valueType };
  for (const frame of root.querySelectorAll<HTMLIFrameElement>('iframe.ui-embedded-frame')) {
    for (const type of variableMessages(change, variable)) postToFrame(frame, { type, payload });
  }
}
