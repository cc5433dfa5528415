import { registerCreateDisplayToken } from './createDisplayToken';
import { registerCreateProject } from './createProject';
import { registerDeleteProject } from './deleteProject';
import { registerGetExecutionResults } from './getExecutionResults';
import { registerGetProjectDetails } from './getProjectDetails';
import { registerGetProjectList } from './getProjectList';
import { registerGetSharedExecutionResults } from './getSharedExecutionResults';
import { registerGetSharedProjectList } from './getSharedProjectList';
import { registerGetSharedTestPlanData } from './getSharedTestPlanData';
import { registerGetTestPlanData } from './getTestPlanData';
import { registerListDisplayTokens } from './listDisplayTokens';
import { registerRevokeDisplayToken } from './revokeDisplayToken';
import { registerUpdateProject } from './updateProject';

/** Every custom dashboard route (issue 17), in one list so registerApiRoutes takes the area with one line. */
export const customDashboardRegistrations = [
  registerGetProjectList,
  registerGetProjectDetails,
  registerCreateProject,
  registerUpdateProject,
  registerDeleteProject,
  registerGetExecutionResults,
  registerGetTestPlanData,
  registerGetSharedProjectList,
  registerGetSharedExecutionResults,
  registerGetSharedTestPlanData,
  registerListDisplayTokens,
  registerCreateDisplayToken,
  registerRevokeDisplayToken,
];
