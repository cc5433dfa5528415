import { createLazyFileRoute } from '@tanstack/react-router';
import { ControlRoomScreen } from './-control-room-screen';

export const Route = createLazyFileRoute('/automation-control-panel')({
  component: ControlRoomScreen,
});
