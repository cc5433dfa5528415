import { createLazyFileRoute } from '@tanstack/react-router';
import { VariablesScreen } from './-variables-screen';

export const Route = createLazyFileRoute('/variables')({
  component: VariablesScreen,
});
