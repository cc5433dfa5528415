import { createLazyFileRoute } from '@tanstack/react-router';
import { NoAreasPage } from '../features/shell/pages/NoAreasPage';

export const Route = createLazyFileRoute('/no-areas')({
  component: NoAreasPage,
});
