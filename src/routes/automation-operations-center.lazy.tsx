import { createLazyFileRoute } from '@tanstack/react-router';
import { OperationsScreen } from './-operations-screen';

export const Route = createLazyFileRoute('/automation-operations-center')({
  component: OperationsScreen,
});
