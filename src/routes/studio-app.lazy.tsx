import { createLazyFileRoute } from '@tanstack/react-router';
import { StudioScreen } from './-studio-screen';

export const Route = createLazyFileRoute('/studio-app')({
  component: StudioScreen,
});
