import { displayTokenQuerySchema, projectListResponseSchema } from '../../../shared/contracts/custom-dashboard';
import { endpoints } from '../../../shared/endpoints';
import type { Api } from '../../services';
import { projectListAnswer } from '../answers';
import { registerSharedCall } from '../sharedCall';

export function registerGetSharedProjectList(api: Api): void {
  registerSharedCall(api, {
    path: endpoints.customDashboard.sharedProjectList,
    summary: 'getProjectList for a wall display',
    description: '',
    query: displayTokenQuerySchema,
    schema: projectListResponseSchema,
    answer: (db, orgId) => projectListAnswer(db, orgId),
  });
}
