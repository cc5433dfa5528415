import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { CollectionReportModal } from '../../src/features/reports/components/CollectionReportModal';
import { createQueryClient } from '../../src/lib/query-client';
import type { RunDetails } from '../../src/shared/contracts/runs';
import { failureLabelsBackend, makeRunDetails, serveRunDetails } from '../msw/runs-handlers';
import { server } from '../msw/server';
import { signInAs } from './render-app';

/** The collection report of a run made of `overrides`, served by msw (with no failure labels), signed in without features. */
export function openReportModal(overrides: Partial<RunDetails>): RunDetails {
  const details = makeRunDetails(overrides);
  server.use(serveRunDetails(details), ...failureLabelsBackend([], [details]).handlers);
  signInAs([]);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CollectionReportModal statusId={details.statusId} onClose={() => undefined} />
    </QueryClientProvider>,
  );
  return details;
}
