/**
 * The one endpoint table both sides use. Paths follow the spec; where the spec leaves a
 * service's base open, it is mounted under /api (see docs/decisions.md).
 */
export const API_BASE = '/api';
export const AUTOMATION_BASE = `${API_BASE}/rta/AndroidAutomationServer/api`;
export const CONTROL_ROOM_BASE = `${API_BASE}/controlroom`;
export const EMAIL_BASE = `${API_BASE}/emailservice`;
export const CUSTOM_DASHBOARD_BASE = `${API_BASE}/customdashboard`;
export const USERS_BASE = `${API_BASE}/users`;
export const TEST_SUITES_FEED_BASE = `${API_BASE}/dashboard/feed/testSuites/organization`;
export const DATASETS_FEED_BASE = `${API_BASE}/dashboard/feed/datasets/organization`;
export const BOT_ANALYTICS_BASE = `${API_BASE}/botanalytics`;

export const APP_BASE_PATH = '/studio';

export const endpoints = {
  auth: {
    tokens: `${API_BASE}/tokens/`,
    refreshToken: `${API_BASE}/refreshToken`,
    logout: `${API_BASE}/logout`,
    sso: `${API_BASE}/sso`,
    ssoConfig: `${API_BASE}/sso/config`,
    frontendLogs: `${AUTOMATION_BASE}/logs/fe/angular`,
  },
  users: {
    byId: (id: string) => `${USERS_BASE}/${encodeURIComponent(id)}`,
    list: `${USERS_BASE}/`,
    permissions: (id: string) => `${USERS_BASE}/${encodeURIComponent(id)}/permissions`,
    status: (id: string) => `${USERS_BASE}/${encodeURIComponent(id)}/status`,
    changePassword: `${USERS_BASE}/me/password`,
  },
  /** Issue 30: the audit trail of administrative changes (not in the spec), mounted under /api. */
  audit: { list: `${API_BASE}/audit` },
  /** Spec part 3 §7 leaves the group paths open (getGroupById): mounted under /api/groups. */
  groups: {
    list: `${API_BASE}/groups`,
    create: `${API_BASE}/groups`,
    byId: (id: string) => `${API_BASE}/groups/${encodeURIComponent(id)}`,
  },
  /** Spec part 3 §7 names /organizations and {api}/licenses; both are mounted under /api. */
  organizations: {
    list: `${API_BASE}/organizations`,
    create: `${API_BASE}/organizations`,
    byId: (id: string) => `${API_BASE}/organizations/${encodeURIComponent(id)}`,
    /** An organization's retention setting (issue 30). */
    retention: (id: string) => `${API_BASE}/organizations/${encodeURIComponent(id)}/retention`,
  },
  licenses: {
    list: `${API_BASE}/licenses`,
    create: `${API_BASE}/licenses`,
    byId: (id: string) => `${API_BASE}/licenses/${encodeURIComponent(id)}`,
  },
  health: {
    check: `${API_BASE}/healthCheck`,
    status: `${API_BASE}/health/status`,
    disk: `${API_BASE}/health/disk`,
  },
  collections: {
    load: `${AUTOMATION_BASE}/testSuite/loadTest`,
    save: `${AUTOMATION_BASE}/testSuite/saveTest`,
    list: `${API_BASE}/collections/testSuite/getCollectionsList`,
    testSuitesFeed: (orgId: string) => `${TEST_SUITES_FEED_BASE}/${encodeURIComponent(orgId)}`,
  },
  tags: {
    all: `${API_BASE}/tags/tagsManagement/getAllTags`,
    save: `${API_BASE}/tags/tagsManagement/saveTag`,
  },
  devices: {
    list: `${AUTOMATION_BASE}/stats/getdevices`,
    setMobileName: `${AUTOMATION_BASE}/devices/setName`,
    setDesktopName: `${AUTOMATION_BASE}/desktopDevices/setName`,
    setBrowserName: `${AUTOMATION_BASE}/browserDevices/setName`,
    addRemoteBrowser: `${AUTOMATION_BASE}/browserDevices/addRemote`,
    registerRemoteBrowser: `${API_BASE}/resources/remote/register`,
    remoteBrowserHeartbeat: `${API_BASE}/resources/remote/heartbeat`,
  },
  imageFilters: {
    list: `${AUTOMATION_BASE}/files/getImagesFilters`,
    save: `${AUTOMATION_BASE}/files/createFilter`,
  },
  failureLabels: {
    create: `${CUSTOM_DASHBOARD_BASE}/createFailureLabel`,
    update: `${CUSTOM_DASHBOARD_BASE}/updateFailureLabel`,
    list: `${CUSTOM_DASHBOARD_BASE}/getFailureLabelList`,
    ofCollection: `${CUSTOM_DASHBOARD_BASE}/getCollectionLabel`,
    attachToCollection: `${CUSTOM_DASHBOARD_BASE}/updateFailedCollectionLabel`,
  },
  runs: {
    trigger: `${AUTOMATION_BASE}/testSuite/triggerTest`,
    queued: `${AUTOMATION_BASE}/testSuite/getQueuedTests`,
    cancelQueued: `${AUTOMATION_BASE}/testSuite/cancelQueuedTests`,
    runningTabData: `${AUTOMATION_BASE}/stats/getRunningTabData`,
    cancelRunning: `${AUTOMATION_BASE}/remote/cancelRunningTest`,
    details: `${AUTOMATION_BASE}/stats/getDetails`,
    report: (statusId: string) => `${AUTOMATION_BASE}/stats/getReport/${encodeURIComponent(statusId)}`,
    scheduleReport: `${AUTOMATION_BASE}/stats/getScheduleReport`,
    search: `${AUTOMATION_BASE}/stats/search`,
    downloadFile: `${AUTOMATION_BASE}/files/download`,
    /** POST ?data={"path"} answers, as text, a short-lived token for downloadByToken (spec part 1 §7 Collections). */
    postDownloadForId: `${AUTOMATION_BASE}/files/postDownloadForId`,
    /** GET ?token&id&filename: the file as a download, no bearer header (a plain link the browser saves as it streams). */
    downloadByToken: `${AUTOMATION_BASE}/files/downloadByToken`,
    releaseDevice: `${AUTOMATION_BASE}/remote/releaseDevice`,
  },
  /** Flow history, failure classification and flaky flows (issue 29): GET ?collectionId=, GET ?id= (a run's status id), GET ?from&to. */
  flakiness: {
    flowHistory: `${AUTOMATION_BASE}/stats/flowHistory`,
    failureClassification: `${AUTOMATION_BASE}/stats/failureClassification`,
    /** GET ?from&to: the Operations Centre's Flaky flows view. */
    flakyFlows: `${AUTOMATION_BASE}/stats/flakyFlows`,
  },
  /** Flow quarantine (issue 29): a flow's failures stop failing its collection's runs. */
  quarantine: {
    list: `${AUTOMATION_BASE}/quarantine/flows`,
    quarantineFlow: `${AUTOMATION_BASE}/quarantine/quarantineFlow`,
    releaseFlow: `${AUTOMATION_BASE}/quarantine/releaseFlow`,
  },
  summaryReports: {
    scheduleSummary: `${API_BASE}/reports/summaryReport/scheduleSummary`,
    scheduleSummaryDetail: `${API_BASE}/reports/summaryReport/scheduleSummaryDetail`,
    testSuiteSummary: `${API_BASE}/reports/summaryReport/testSuiteSummary`,
  },
  schedules: {
    list: `${CONTROL_ROOM_BASE}/schedule/getSchedules`,
    byId: (id: string) => `${CONTROL_ROOM_BASE}/schedule/getSchedule/${encodeURIComponent(id)}`,
    remove: `${CONTROL_ROOM_BASE}/schedule/deleteSchedule`,
    save: `${CONTROL_ROOM_BASE}/schedule/saveSchedule`,
    runNow: `${CONTROL_ROOM_BASE}/schedule/runNow`,
    devices: (id: string) => `${CONTROL_ROOM_BASE}/schedule/getDevices/${encodeURIComponent(id)}`,
    queue: `${CONTROL_ROOM_BASE}/scheduleQueue/getQueue`,
    cancelQueued: `${CONTROL_ROOM_BASE}/scheduleQueue/cancelQueuedSchedule`,
    /** Paths the spec leaves open (docs/decisions.md, Schedules server). */
    executableTestSuites: `${CONTROL_ROOM_BASE}/schedule/getExecutableTestSuites`,
    executionDetails: (executionId: string) =>
      `${CONTROL_ROOM_BASE}/schedule/getExecutionDetails/${encodeURIComponent(executionId)}`,
    report: `${CONTROL_ROOM_BASE}/schedule/getScheduleReport`,
  },
  interactiveBots: {
    config: `${CONTROL_ROOM_BASE}/interactive/config`,
    regenerateSecret: `${CONTROL_ROOM_BASE}/interactive/config/secret`,
    trigger: `${CONTROL_ROOM_BASE}/interactive/trigger`,
  },
  /** Part 2 §7 Variables: a control-room service, so under /api/controlroom (docs/decisions.md, Variables). */
  variables: {
    list: `${CONTROL_ROOM_BASE}/bot/variables/list`,
    byId: (id: string) => `${CONTROL_ROOM_BASE}/bot/variables/getById/${encodeURIComponent(id)}`,
    create: `${CONTROL_ROOM_BASE}/bot/variables/new`,
    createExcel: `${CONTROL_ROOM_BASE}/bot/variables/createExcelVariable`,
    update: `${CONTROL_ROOM_BASE}/bot/variables/update`,
    updateExcel: `${CONTROL_ROOM_BASE}/bot/variables/updateExcelVariable`,
    remove: `${CONTROL_ROOM_BASE}/bot/variables/delete`,
    excelData: `${CONTROL_ROOM_BASE}/bot/variables/getExcelVariableData`,
    search: `${CONTROL_ROOM_BASE}/bot/variables/search`,
    usage: `${CONTROL_ROOM_BASE}/bot/variables/usage`,
  },
  importExport: {
    /** POST uploads a .bin (multipart field `file`); PUT resolves a pending import. */
    importExport: `${AUTOMATION_BASE}/importexport/importexport`,
    /** GET ?id={collectionId} downloads the collection's .bin (ETag, Range, If-Range). */
    download: `${AUTOMATION_BASE}/importexport`,
    status: `${AUTOMATION_BASE}/importexport/getStatus`,
    /** Admin diagnostics: bytes sent of a collection's export file (docs/decisions.md Import and export). */
    transferStats: `${AUTOMATION_BASE}/importexport/transferStats`,
    /** Recording on a desktop gateway agent (spec part 1 §7, issue 18). */
    startRecording: `${AUTOMATION_BASE}/importexport/startRecording`,
    stopRecording: `${AUTOMATION_BASE}/importexport/stopRecording`,
    continueRecording: `${AUTOMATION_BASE}/importexport/continueRecording`,
  },
  /** Spec part 1 §7 Jira, beside the other Studio calls; configuration is this platform's own admin call. */
  jira: {
    valid: `${AUTOMATION_BASE}/jiraAuth/valid`,
    genericAll: `${AUTOMATION_BASE}/jiraData/genericAll`,
    scenarios: `${AUTOMATION_BASE}/jiraData/getScenarios`,
    genericSave: `${AUTOMATION_BASE}/jiraIssue/genericSave`,
    configuration: `${AUTOMATION_BASE}/jiraConfig`,
  },
  /** Spec part 2 §7 Email; the account sign-in and its callback are paths the spec leaves open (docs/decisions.md). */
  email: {
    configs: `${EMAIL_BASE}/emailConfigs`,
    configById: (id: string) => `${EMAIL_BASE}/emailConfigs/${encodeURIComponent(id)}`,
    deactivate: (id: string) => `${EMAIL_BASE}/emailConfigs/deactivate/${encodeURIComponent(id)}`,
    sendEmail: `${EMAIL_BASE}/sendEmail`,
    getEmailConfig: `${EMAIL_BASE}/imap/emailConfig/getEmailConfig`,
    registerEmail: `${EMAIL_BASE}/imap/emailConfig/registerEmail`,
    accountSignIn: `${EMAIL_BASE}/imap/emailConfig/signIn`,
    accountCallback: `${EMAIL_BASE}/imap/emailConfig/callback`,
  },
  /** Spec part 3 §7: report persistence under the automation services; the update path is not shown (charts/updateDashboardConfig). */
  dashboards: {
    list: `${AUTOMATION_BASE}/charts/getDashboardConfig`,
    add: `${AUTOMATION_BASE}/charts/addDashboardConfig`,
    update: `${AUTOMATION_BASE}/charts/updateDashboardConfig`,
    remove: `${AUTOMATION_BASE}/charts/deleteDashboardConfig`,
    datasets: (orgId: string, collectionIds: readonly string[]) =>
      `${DATASETS_FEED_BASE}/${encodeURIComponent(orgId)}/testSuite/${collectionIds.map(encodeURIComponent).join(',')}`,
    botAnalytics: (orgId: string) => `${BOT_ANALYTICS_BASE}/${encodeURIComponent(orgId)}`,
  },
  customDashboard: {
    executionResults: `${CUSTOM_DASHBOARD_BASE}/getExecutionResults`,
    testPlanData: `${CUSTOM_DASHBOARD_BASE}/getTestPlanData`,
    projectList: `${CUSTOM_DASHBOARD_BASE}/getProjectList`,
    projectDetails: `${CUSTOM_DASHBOARD_BASE}/getProjectDetails`,
    createProject: `${CUSTOM_DASHBOARD_BASE}/createProject`,
    updateProject: `${CUSTOM_DASHBOARD_BASE}/updateProject`,
    deleteProject: `${CUSTOM_DASHBOARD_BASE}/deleteProject`,
    sharedProjectList: `${CUSTOM_DASHBOARD_BASE}/getSharedProjectList`,
    sharedExecutionResults: `${CUSTOM_DASHBOARD_BASE}/getSharedExecutionResults`,
    sharedTestPlanData: `${CUSTOM_DASHBOARD_BASE}/getSharedTestPlanData`,
    /** GET lists the organization's display tokens, POST makes one (issue 17; not in the spec). */
    displayTokens: `${CUSTOM_DASHBOARD_BASE}/displayTokens`,
    revokeDisplayToken: (tokenId: string) => `${CUSTOM_DASHBOARD_BASE}/displayTokens/${encodeURIComponent(tokenId)}`,
  },
  /** Spec part 3 §7 iOS builder, mounted under /api; the archive's download is this platform's own (docs/decisions.md). */
  iosBuilder: {
    list: `${API_BASE}/ios-builder/list`,
    start: `${API_BASE}/ios-builder/start`,
    download: (id: string) => `${API_BASE}/ios-builder/download/${encodeURIComponent(id)}`,
  },
  /** Spec part 3 §7 client calls, mounted under /api (docs/decisions.md Client download). */
  clients: {
    getClientUrl: `${API_BASE}/clientsmanager/versions/getClientUrl`,
    download: `${API_BASE}/clientsmanager/versions/download`,
    /** OpenAPI form of the file path; `file` builds one. */
    fileRoute: `${API_BASE}/clients/{fileName}`,
    file: (fileName: string) => `${API_BASE}/clients/${encodeURIComponent(fileName)}`,
    /** Whether the device control port of the page's host answers (part 1 §2). */
    deviceControlProbe: `${API_BASE}/device-control/probe`,
  },
  /** Gateway agents (issues 18, 28): tokens for Resource Management, and the calls only an agent token may make. */
  gatewayAgents: {
    list: `${API_BASE}/gateway-agents`,
    create: `${API_BASE}/gateway-agents/create`,
    revokeRoute: `${API_BASE}/gateway-agents/{id}/revoke`,
    revoke: (id: string) => `${API_BASE}/gateway-agents/${encodeURIComponent(id)}/revoke`,
    register: `${API_BASE}/gateway-agents/agent/register`,
    /** The phones the agent serves through Appium (issue 28). */
    registerDevices: `${API_BASE}/gateway-agents/agent/devices`,
    heartbeat: `${API_BASE}/gateway-agents/agent/heartbeat`,
    claim: `${API_BASE}/gateway-agents/agent/claim`,
    runLogRoute: `${API_BASE}/gateway-agents/agent/runs/{statusId}/log`,
    runLog: (statusId: string) => `${API_BASE}/gateway-agents/agent/runs/${encodeURIComponent(statusId)}/log`,
    runProgressRoute: `${API_BASE}/gateway-agents/agent/runs/{statusId}/progress`,
    runProgress: (statusId: string) => `${API_BASE}/gateway-agents/agent/runs/${encodeURIComponent(statusId)}/progress`,
    runStepRoute: `${API_BASE}/gateway-agents/agent/runs/{statusId}/step`,
    runStep: (statusId: string) => `${API_BASE}/gateway-agents/agent/runs/${encodeURIComponent(statusId)}/step`,
    runAttachmentRoute: `${API_BASE}/gateway-agents/agent/runs/{statusId}/attachment`,
    runAttachment: (statusId: string) => `${API_BASE}/gateway-agents/agent/runs/${encodeURIComponent(statusId)}/attachment`,
    runFinishRoute: `${API_BASE}/gateway-agents/agent/runs/{statusId}/finish`,
    runFinish: (statusId: string) => `${API_BASE}/gateway-agents/agent/runs/${encodeURIComponent(statusId)}/finish`,
    recordingActionsRoute: `${API_BASE}/gateway-agents/agent/recordings/{id}/actions`,
    recordingActions: (id: string) => `${API_BASE}/gateway-agents/agent/recordings/${encodeURIComponent(id)}/actions`,
    recordingStateRoute: `${API_BASE}/gateway-agents/agent/recordings/{id}/state`,
    recordingState: (id: string) => `${API_BASE}/gateway-agents/agent/recordings/${encodeURIComponent(id)}/state`,
    recordingFinishRoute: `${API_BASE}/gateway-agents/agent/recordings/{id}/finish`,
    recordingFinish: (id: string) => `${API_BASE}/gateway-agents/agent/recordings/${encodeURIComponent(id)}/finish`,
  },
  demoApp: '/demo-app/',
  openApi: `${API_BASE}/openapi.json`,
  /** Prometheus metrics, outside the API: a bearer METRICS_TOKEN, not a user's session (README, Monitoring). */
  metrics: '/metrics',
  config: `${APP_BASE_PATH}/assets/studio_config.json`,
} as const;

/** Calls on which a 400/401 must not log the user out (spec part 1 §8 Session). */
export const SESSION_EXEMPT_PATHS: readonly string[] = [endpoints.auth.tokens, endpoints.auth.refreshToken, endpoints.auth.sso,
  // A wall display reads these with its display token, not a session: a 401 there is a revoked link, not a logout.
  endpoints.customDashboard.sharedProjectList, endpoints.customDashboard.sharedExecutionResults, endpoints.customDashboard.sharedTestPlanData];

export const TOKEN_HEADER = 'token';
export const REFRESH_TOKEN_HEADER = 'refreshtoken';
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
