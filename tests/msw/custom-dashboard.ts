import { http, HttpResponse } from 'msw';
import {
  createProjectRequestSchema,
  DISPLAY_TOKEN_MESSAGES,
  PROJECT_MESSAGES,
  projectIdQuerySchema,
  updateProjectRequestSchema,
  type ExecutionResults,
  type Project,
  type StatusCount,
  type TestPlanData,
} from '../../src/shared/contracts/custom-dashboard';
import { endpoints } from '../../src/shared/endpoints';
import type { Permission } from '../../src/shared/permissions';
import { nextId } from './factories';
import { anyOrigin, authorizeFeatures, errorResponse } from './handlers';

const paths = endpoints.customDashboard;
const VIEW: readonly Permission[] = ['DASHBOARD_MANAGEMENT', 'DASHBOARD_PUBLISHED'];
const MANAGE: readonly Permission[] = ['DASHBOARD_MANAGEMENT'];

export function makeProject(overrides: Partial<Project> = {}): Project {
  return {
    projectId: nextId('project'),
    projectName: 'Checkout',
    projectGoal: null,
    collectionsData: [],
    schedulesData: [],
    projectDateTags: [],
    ...overrides,
  };
}

export function makeExecutionResults(overrides: Partial<ExecutionResults> = {}): ExecutionResults {
  return { collectionExecuted: 0, passRate: 0, totalTime: { hours: 0, minutes: 0, seconds: 0 }, failures: [], projectData: [], ...overrides };
}

/** A request the fake received: its path and query, for tests that check what was asked and how. */
export interface CustomDashboardRequest {
  method: string;
  path: string;
  query: Record<string, string>;
}

export interface CustomDashboardBackendOptions {
  projects?: Project[];
  /** The Overall Result tiles; projectData is filled from the projects. */
  executionResults?: Partial<ExecutionResults>;
  /** Test plan data by projectId; a project without an entry gets its linked collections at zero. */
  testPlanData?: Record<string, TestPlanData>;
  executionData?: StatusCount[];
  scheduleData?: StatusCount[];
  /** Display tokens the shared calls accept. */
  displayTokens?: string[];
}

/** The refusal a caller without one of `features` gets, or null. */
function refusal(request: Request, features: readonly Permission[]): Response | null {
  const caller = authorizeFeatures(request, features);
  return caller instanceof Response ? caller : null;
}

/**
 * The custom dashboard calls of part 3 §7 (issue 17) in memory: projects kept as saved, the read calls answering the
 * figures a test gives, the shared calls checking the display token. `state` shows what the client sent.
 */
export function customDashboardBackend(options: CustomDashboardBackendOptions = {}) {
  const state = {
    projects: [...(options.projects ?? [])],
    executionResults: makeExecutionResults(options.executionResults),
    testPlanData: { ...options.testPlanData },
    executionData: options.executionData ?? [],
    scheduleData: options.scheduleData ?? [],
    displayTokens: new Set(options.displayTokens ?? []),
    requests: [] as CustomDashboardRequest[],
    created: [] as string[],
    updated: [] as unknown[],
    deleted: [] as string[],
    /** Reads answer 503 while set (a network blip or server restart). */
    readsFail: false,
    /** Writes answer status false while set. */
    writesFail: false,
  };

  const record = (request: Request) => {
    const url = new URL(request.url);
    const entry = { method: request.method, path: url.pathname, query: Object.fromEntries(url.searchParams) };
    state.requests.push(entry);
    return entry;
  };
  const list = () => state.projects.map(({ projectId, projectName }) => ({ projectId, projectName }));
  const find = (projectId: string | undefined) => state.projects.find((project) => project.projectId === projectId);
  const ok = (data: unknown) => HttpResponse.json({ status: true, data });
  const testPlanOf = (projectId: string): TestPlanData => {
    const project = find(projectId);
    return (
      state.testPlanData[projectId] ?? {
        testPlanData: (project?.collectionsData ?? []).map(({ collectionId, collectionName }) => ({ collectionId, collectionName, passed: 0, failed: 0 })),
        defectBreakDownData: [],
        testProgress: { collProgressData: [], collProgressDataLabel: 'Pass %', projectGoal: project?.projectGoal ?? null, projectDateTags: project?.projectDateTags ?? [] },
      }
    );
  };

  /** A read: the session's (with view permission) or a display's (a known token in the query). */
  const read = (shared: boolean, answer: (query: Record<string, string>) => Response) =>
    ({ request }: { request: Request }) => {
      const { query } = record(request);
      if (shared && query.token !== undefined) {
        if (!state.displayTokens.has(query.token)) return errorResponse(401, DISPLAY_TOKEN_MESSAGES.unknown);
      } else {
        const refused = refusal(request, VIEW);
        if (refused) return refused;
      }
      if (state.readsFail) return errorResponse(503, 'Service unavailable');
      return answer(query);
    };

  const projectList = () => ok({ projectData: list() });
  const executionResults = () => ok({ ...state.executionResults, projectData: list() });
  const testPlanData = (query: Record<string, string>) => ok(testPlanOf(query.projectId ?? ''));

  const handlers = [
    http.get(anyOrigin(paths.projectList), read(false, projectList)),
    http.get(anyOrigin(paths.sharedProjectList), read(true, projectList)),
    http.get(anyOrigin(paths.executionResults), read(false, executionResults)),
    http.get(anyOrigin(paths.sharedExecutionResults), read(true, executionResults)),
    http.get(anyOrigin(paths.testPlanData), read(false, testPlanData)),
    http.get(anyOrigin(paths.sharedTestPlanData), read(true, testPlanData)),
    http.get(
      anyOrigin(paths.projectDetails),
      read(false, (query) => {
        const project = find(query.projectId);
        if (!project) return errorResponse(404, PROJECT_MESSAGES.notFound(query.projectId ?? ''));
        return ok({ ...project, executionData: state.executionData, scheduleData: state.scheduleData });
      }),
    ),
    http.post(anyOrigin(paths.createProject), async ({ request }) => {
      record(request);
      const refused = refusal(request, MANAGE);
      if (refused) return refused;
      const body = createProjectRequestSchema.safeParse(await request.json().catch(() => null));
      if (!body.success) return errorResponse(400, 'Invalid project', { projectName: body.error.issues.map((issue) => issue.message) });
      const { projectName } = body.data;
      if (state.writesFail) return HttpResponse.json({ status: 'false', message: PROJECT_MESSAGES.createFailed(projectName), data: { projectId: '', projectName } });
      if (state.projects.some((project) => project.projectName === projectName)) return errorResponse(409, PROJECT_MESSAGES.nameTaken(projectName));
      const project = makeProject({ projectName });
      state.projects.push(project);
      state.created.push(projectName);
      return HttpResponse.json({ status: true, message: PROJECT_MESSAGES.created(projectName), data: { projectId: project.projectId, projectName } });
    }),
    http.put(anyOrigin(paths.updateProject), async ({ request }) => {
      record(request);
      const refused = refusal(request, MANAGE);
      if (refused) return refused;
      const raw: unknown = await request.json().catch(() => null);
      const body = updateProjectRequestSchema.safeParse(raw);
      if (!body.success) return errorResponse(400, 'Invalid project', { form: body.error.issues.map((issue) => issue.message) });
      const project = find(body.data.projectId);
      if (!project) return errorResponse(404, PROJECT_MESSAGES.notFound(body.data.projectId));
      if (state.writesFail) return HttpResponse.json({ status: 'false', message: PROJECT_MESSAGES.saveFailed(project.projectName) });
      state.updated.push(raw);
      Object.assign(project, {
        projectGoal: body.data.projectGoal,
        collectionsData: body.data.collectionsData,
        schedulesData: body.data.schedulesData.map((schedule) => ({ scheduleId: schedule.scheduleId, scheduleName: schedule.scheduleName ?? '' })),
        projectDateTags: body.data.projectDateTags,
      });
      return HttpResponse.json({ status: true, message: PROJECT_MESSAGES.saved(project.projectName) });
    }),
    http.post(anyOrigin(paths.deleteProject), ({ request }) => {
      const { query } = record(request);
      const refused = refusal(request, MANAGE);
      if (refused) return refused;
      const parsed = projectIdQuerySchema.safeParse(query);
      if (!parsed.success) return errorResponse(400, 'Invalid project');
      const project = find(parsed.data.projectId);
      if (!project) return errorResponse(404, PROJECT_MESSAGES.notFound(parsed.data.projectId));
      if (state.writesFail) return HttpResponse.json({ status: false, message: PROJECT_MESSAGES.removeFailed(project.projectName) });
      state.projects = state.projects.filter((other) => other !== project);
      state.deleted.push(project.projectId);
      return HttpResponse.json({ status: true, message: PROJECT_MESSAGES.removed(project.projectName) });
    }),
  ];

  return { state, handlers };
}

/** The default handlers: no projects, empty figures. */
export const customDashboardHandlers = customDashboardBackend().handlers;
