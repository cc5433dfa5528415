import { createFileRoute, redirect } from '@tanstack/react-router';

/** Unknown paths go to the default route (spec part 1 §2). */
export const Route = createFileRoute('/$')({
  beforeLoad: () => {
    throw redirect({ to: '/', replace: true });
  },
});
