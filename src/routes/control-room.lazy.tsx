import { createLazyFileRoute } from '@tanstack/react-router';
import { ControlRoomScreen } from './-control-room-screen';

export const Route = createLazyFileRoute('/control-room')({
  component: ControlRoomScreen,
});
