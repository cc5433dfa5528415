import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, apiJson } from '../../../lib/api-client';
import { pollingOptions } from '../../../offline/polling';
import {
  CUSTOM_DASHBOARD_POLL_MS,
  executionResultsResponseSchema,
  isCustomDashboardStatusOk,
  OVERALL_PROJECT_NAME,
  PROJECT_MESSAGES,
  projectCreatedResponseSchema,
  projectDetailsResponseSchema,
  projectListResponseSchema,
  projectWriteResponseSchema,
  testPlanDataResponseSchema,
  type ExecutionResults,
  type ProjectDetails,
  type ProjectListItem,
  type TestPlanData,
  type UpdateProjectRequest,
} from '../../../shared/contracts/custom-dashboard';
import { endpoints } from '../../../shared/endpoints';
import { SESSION_ACCESS, type DashboardAccess, type DashboardFrame } from './access';
import { customDashboardKeys } from './custom-dashboard-keys';

const paths = endpoints.customDashboard;

/** A path with its query; a display's calls carry the token as `token` (§7: shared variants take a token query param). */
function withQuery(path: string, access: DashboardAccess, query: Record<string, string> = {}): string {
  const params = new URLSearchParams(query);
  if (access.kind === 'display') params.set('token', access.token);
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** 'Overall' stands for the whole organization: the server reads it from an absent projectId (contract). */
const projectQuery = (projectId: string): Record<string, string> => (projectId === OVERALL_PROJECT_NAME ? {} : { projectId });

/** A write whose answer says status false failed, whatever its HTTP status (§7). */
function ensureOk(status: boolean | 'true' | 'false', failure: string): void {
  if (!isCustomDashboardStatusOk(status)) throw new ApiError(200, failure);
}

/** A read the signed-in user makes by `sessionPath` and a display by `sharedPath`, with the display's token. */
function readAs<Schema extends z.ZodType>(
  access: DashboardAccess,
  [sessionPath, sharedPath]: readonly [string, string],
  query: Record<string, string>,
  schema: Schema,
  signal: AbortSignal,
): Promise<z.infer<Schema>> {
  return apiJson(withQuery(access.kind === 'session' ? sessionPath : sharedPath, access, query), schema, { signal });
}

/** GET getProjectList (or getSharedProjectList for a display): the organization's projects, polled every 10 s (§4). */
export const projectListQuery = (access: DashboardAccess) =>
  queryOptions({
    queryKey: customDashboardKeys.projectList(access),
    queryFn: async ({ signal }): Promise<ProjectListItem[]> =>
      (await readAs(access, [paths.projectList, paths.sharedProjectList], {}, projectListResponseSchema, signal)).data.projectData,
    ...pollingOptions(CUSTOM_DASHBOARD_POLL_MS),
  });

/** GET getProjectDetails: the project with its runs in the frame by collections and by schedules (signed in only). */
export const projectDetailsQuery = (projectId: string, frame: DashboardFrame) =>
  queryOptions({
    queryKey: customDashboardKeys.projectDetails(projectId, frame),
    queryFn: async ({ signal }): Promise<ProjectDetails> =>
      (await apiJson(withQuery(paths.projectDetails, SESSION_ACCESS, { ...frame, projectId }), projectDetailsResponseSchema, { signal })).data,
    ...pollingOptions(CUSTOM_DASHBOARD_POLL_MS),
  });

/** GET getExecutionResults (or getSharedExecutionResults): the Overall Result tiles of the frame (§2, §3). */
export const executionResultsQuery = (access: DashboardAccess, projectId: string, frame: DashboardFrame) =>
  queryOptions({
    queryKey: customDashboardKeys.executionResults(access, projectId, frame),
    queryFn: async ({ signal }): Promise<ExecutionResults> =>
      (await readAs(access, [paths.executionResults, paths.sharedExecutionResults], { ...frame, ...projectQuery(projectId) }, executionResultsResponseSchema, signal)).data,
    ...pollingOptions(CUSTOM_DASHBOARD_POLL_MS),
  });

/** GET getTestPlanData (or getSharedTestPlanData): per collection results, defects and daily progress of a project. */
export const testPlanDataQuery = (access: DashboardAccess, projectId: string, frame: DashboardFrame) =>
  queryOptions({
    queryKey: customDashboardKeys.testPlanData(access, projectId, frame),
    queryFn: async ({ signal }): Promise<TestPlanData> =>
      (await readAs(access, [paths.testPlanData, paths.sharedTestPlanData], { ...frame, projectId }, testPlanDataResponseSchema, signal)).data,
    ...pollingOptions(CUSTOM_DASHBOARD_POLL_MS),
  });

/** POST createProject (§7: body projectName): the new project, or 'Failed to create project : {name}' (§8). */
export async function createProject(projectName: string): Promise<ProjectListItem> {
  const failure = PROJECT_MESSAGES.createFailed(projectName);
  const answer = await apiJson(paths.createProject, projectCreatedResponseSchema, { method: 'POST', json: { projectName }, fallbackMessage: failure });
  ensureOk(answer.status, failure);
  return answer.data;
}

/** PUT updateProject (§3 save payload); `projectName` only names the failure (§8). */
export async function updateProject(request: UpdateProjectRequest, projectName: string): Promise<void> {
  const failure = PROJECT_MESSAGES.saveFailed(projectName);
  const answer = await apiJson(paths.updateProject, projectWriteResponseSchema, { method: 'PUT', json: request, fallbackMessage: failure });
  ensureOk(answer.status, failure);
}

/** POST deleteProject (§7: query projectId). */
export async function deleteProject(projectId: string, projectName: string): Promise<void> {
  const failure = PROJECT_MESSAGES.removeFailed(projectName);
  const answer = await apiJson(withQuery(paths.deleteProject, SESSION_ACCESS, { projectId }), projectWriteResponseSchema, {
    method: 'POST',
    fallbackMessage: failure,
  });
  ensureOk(answer.status, failure);
}

/** Mutation options of the three writes, so every caller keys and names them alike. */
export const createProjectMutation = () =>
  mutationOptions({ mutationKey: [...customDashboardKeys.all, 'create'], mutationFn: (projectName: string) => createProject(projectName) });

export const updateProjectMutation = () =>
  mutationOptions({
    mutationKey: [...customDashboardKeys.all, 'update'],
    mutationFn: ({ request, projectName }: { request: UpdateProjectRequest; projectName: string }) => updateProject(request, projectName),
  });

export const deleteProjectMutation = () =>
  mutationOptions({
    mutationKey: [...customDashboardKeys.all, 'delete'],
    mutationFn: ({ projectId, projectName }: { projectId: string; projectName: string }) => deleteProject(projectId, projectName),
  });

/** After a write: the project list (§4) and every figure that depends on a project's links, goal or dates. */
export async function refreshProjects(queryClient: QueryClient): Promise<void> {
  const keys = [customDashboardKeys.projectLists(), customDashboardKeys.projectDetailsAll(), customDashboardKeys.executionResultsAll(), customDashboardKeys.testPlanDataAll()];
  await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
