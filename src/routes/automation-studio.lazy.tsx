import { createLazyFileRoute } from '@tanstack/react-router';
import { StudioScreen } from './-studio-screen';

export const Route = createLazyFileRoute('/automation-studio')({
  component: StudioScreen,
});
