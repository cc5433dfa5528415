import { testPlanDataResponseSchema } from '../../../shared/contracts/custom-dashboard';
import { endpoints } from '../../../shared/endpoints';
import type { Api } from '../../services';
import { testPlanDataAnswer } from '../answers';
import { sharedTestPlanQuery } from '../frame';
import { registerSharedCall } from '../sharedCall';
import { TEST_PLAN_DESCRIPTION } from './getTestPlanData';

export function registerGetSharedTestPlanData(api: Api): void {
  registerSharedCall(api, {
    path: endpoints.customDashboard.sharedTestPlanData,
    summary: 'getTestPlanData for a wall display',
    description: TEST_PLAN_DESCRIPTION,
    query: sharedTestPlanQuery,
    schema: testPlanDataResponseSchema,
    answer: testPlanDataAnswer,
  });
}
