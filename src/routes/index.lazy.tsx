import { createLazyFileRoute } from '@tanstack/react-router';
import { LandingScreen } from './-landing';

export const Route = createLazyFileRoute('/')({
  component: LandingScreen,
});
