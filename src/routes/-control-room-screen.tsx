import { ControlRoomPage } from '../features/control-room/pages/ControlRoomPage';
import { InteractiveBotsTab } from '../features/interactive-bots/InteractiveBotsTab';

/** The Control Room with the interactive bots as its Interactive Bot tab (features do not import each other). */
export function ControlRoomScreen() {
  return <ControlRoomPage interactiveBotTab={<InteractiveBotsTab />} />;
}
