import { executionResultsResponseSchema } from '../../../shared/contracts/custom-dashboard';
import { endpoints } from '../../../shared/endpoints';
import type { Api } from '../../services';
import { executionResultsAnswer } from '../answers';
import { sharedExecutionResultsQuery } from '../frame';
import { registerSharedCall } from '../sharedCall';
import { EXECUTION_RESULTS_DESCRIPTION } from './getExecutionResults';

export function registerGetSharedExecutionResults(api: Api): void {
  registerSharedCall(api, {
    path: endpoints.customDashboard.sharedExecutionResults,
    summary: 'getExecutionResults for a wall display',
    description: EXECUTION_RESULTS_DESCRIPTION,
    query: sharedExecutionResultsQuery,
    schema: executionResultsResponseSchema,
    answer: executionResultsAnswer,
  });
}
