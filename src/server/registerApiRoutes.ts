import { registerListAuditLog } from './audit/routes/listAuditLog';
import type { Api } from './services';
import { registerLogin } from './auth/routes/login';
import { registerLogout } from './auth/routes/logout';
import { registerRefreshToken } from './auth/routes/refreshToken';
import { registerSso } from './auth/routes/sso';
import { registerSsoConfig } from './auth/routes/ssoConfig';
import { registerGetCollectionsList } from './collections/routes/getCollectionsList';
import { registerLoadCollection } from './collections/routes/loadCollection';
import { registerSaveCollection } from './collections/routes/saveCollection';
import { registerTestSuitesFeed } from './collections/routes/testSuitesFeed';
import { registerAddRemoteBrowser } from './resources/routes/addRemoteBrowser';
import { registerGetDevices } from './resources/routes/getDevices';
import { registerRegisterRemoteBrowser } from './resources/routes/registerRemoteBrowser';
import { registerRemoteBrowserHeartbeat } from './resources/routes/remoteBrowserHeartbeat';
import { registerSetDeviceName } from './resources/routes/setDeviceName';
import { registerHealthCheck } from './health/routes/healthCheck';
import { registerExportCollection } from './importexport/routes/exportCollection';
import { registerGetImportStatus } from './importexport/routes/getImportStatus';
import { registerGetTransferStats } from './importexport/routes/getTransferStats';
import { registerImportCollection } from './importexport/routes/importCollection';
import { registerUpdatePendingImport } from './importexport/routes/updatePendingImport';
import { registerHealthStatus } from './health/routes/healthStatus';
import { registerGetDiskSpace } from './disk/routes/getDiskSpace';
import { registerCreateFailureLabel } from './failure-labels/routes/createFailureLabel';
import { registerGetCollectionLabel } from './failure-labels/routes/getCollectionLabel';
import { registerGetFailureLabelList } from './failure-labels/routes/getFailureLabelList';
import { registerUpdateFailedCollectionLabel } from './failure-labels/routes/updateFailedCollectionLabel';
import { registerUpdateFailureLabel } from './failure-labels/routes/updateFailureLabel';
import { registerGetImageFilters } from './image-filters/routes/getImageFilters';
import { registerSaveImageFilter } from './image-filters/routes/saveImageFilter';
import { registerCreateInteractiveBot } from './interactive-bots/routes/createInteractiveBot';
import { registerGetInteractiveBots } from './interactive-bots/routes/getInteractiveBots';
import { registerRegenerateInteractiveBotSecret } from './interactive-bots/routes/regenerateInteractiveBotSecret';
import { registerTriggerInteractiveBot } from './interactive-bots/routes/triggerInteractiveBot';
import { registerUpdateInteractiveBot } from './interactive-bots/routes/updateInteractiveBot';
import { registerCancelQueuedTests } from './runs/routes/cancelQueuedTests';
import { registerCancelRunningTest } from './runs/routes/cancelRunningTest';
import { registerDownloadFile } from './runs/routes/downloadFile';
import { registerPostDownloadForId } from './runs/routes/postDownloadForId';
import { registerDownloadByToken } from './runs/routes/downloadByToken';
import { registerPostFrontendLogs } from './logs/routes/postFrontendLogs';
import { registerGetDetails } from './runs/routes/getDetails';
import { registerGetFailureClassification } from './runs/routes/getFailureClassification';
import { registerGetFlakyFlows } from './runs/routes/getFlakyFlows';
import { registerGetFlowHistory } from './runs/routes/getFlowHistory';
import { registerGetFlowQuarantines } from './quarantine/routes/getFlowQuarantines';
import { registerQuarantineFlow } from './quarantine/routes/quarantineFlow';
import { registerReleaseFlow } from './quarantine/routes/releaseFlow';
import { registerGetQueuedTests } from './runs/routes/getQueuedTests';
import { registerGetReport } from './runs/routes/getReport';
import { registerGetRunningTabData } from './runs/routes/getRunningTabData';
import { registerGetScheduleReport } from './runs/routes/getScheduleReport';
import { registerReleaseDevice } from './runs/routes/releaseDevice';
import { registerSearchRuns } from './runs/routes/searchRuns';
import { registerTriggerTest } from './runs/routes/triggerTest';
import { registerCancelQueuedSchedule } from './schedules/routes/cancelQueuedSchedule';
import { registerDeleteSchedule } from './schedules/routes/deleteSchedule';
import { registerGetExecutableTestSuites } from './schedules/routes/getExecutableTestSuites';
import { registerGetExecutionDetails } from './schedules/routes/getExecutionDetails';
import { registerGetSchedule } from './schedules/routes/getSchedule';
import { registerGetScheduleDevices } from './schedules/routes/getScheduleDevices';
import { registerGetScheduleQueue } from './schedules/routes/getScheduleQueue';
import { registerGetSchedules } from './schedules/routes/getSchedules';
import { registerGetScheduleSummaryReport } from './schedules/routes/getScheduleSummaryReport';
import { registerRunNow } from './schedules/routes/runNow';
import { registerSaveSchedule } from './schedules/routes/saveSchedule';
import { registerScheduleSummary } from './operations/routes/scheduleSummary';
import { registerScheduleSummaryDetail } from './operations/routes/scheduleSummaryDetail';
import { registerTestSuiteSummary } from './operations/routes/testSuiteSummary';
import { registerGetAllTags } from './tags/routes/getAllTags';
import { registerSaveTag } from './tags/routes/saveTag';
import { registerCreateGroup } from './groups/routes/createGroup';
import { registerDeleteGroup } from './groups/routes/deleteGroup';
import { registerGetGroup } from './groups/routes/getGroup';
import { registerListGroups } from './groups/routes/listGroups';
import { registerUpdateGroup } from './groups/routes/updateGroup';
import { registerChangePassword } from './users/routes/changePassword';
import { registerCreateUser } from './users/routes/createUser';
import { registerGetUser } from './users/routes/getUser';
import { registerListUsers } from './users/routes/listUsers';
import { registerSetUserPermissions } from './users/routes/setUserPermissions';
import { registerSetUserStatus } from './users/routes/setUserStatus';
import { registerCreateLicense } from './licenses/routes/createLicense';
import { registerListLicenses } from './licenses/routes/listLicenses';
import { registerUpdateLicense } from './licenses/routes/updateLicense';
import { registerCreateOrganization } from './organizations/routes/createOrganization';
import { registerGetOrganization } from './organizations/routes/getOrganization';
import { registerListOrganizations } from './organizations/routes/listOrganizations';
import { registerUpdateOrganization } from './organizations/routes/updateOrganization';
import { registerGetRetention } from './retention/routes/getRetention';
import { registerUpdateRetention } from './retention/routes/updateRetention';
import { registerCreateExcelVariable } from './variables/routes/createExcelVariable';
import { registerCreateVariable } from './variables/routes/createVariable';
import { registerDeleteVariable } from './variables/routes/deleteVariable';
import { registerGetExcelVariableData } from './variables/routes/getExcelVariableData';
import { registerGetVariable } from './variables/routes/getVariable';
import { registerGetVariableUsage } from './variables/routes/getVariableUsage';
import { registerListVariables } from './variables/routes/listVariables';
import { registerSearchVariables } from './variables/routes/searchVariables';
import { registerUpdateExcelVariable } from './variables/routes/updateExcelVariable';
import { registerUpdateVariable } from './variables/routes/updateVariable';
import { registerValidJiraAuth } from './jira/routes/validJiraAuth';
import { registerJiraGenericAll } from './jira/routes/genericAll';
import { registerGetScenarios } from './jira/routes/getScenarios';
import { registerJiraGenericSave } from './jira/routes/genericSave';
import { registerGetJiraConfiguration } from './jira/routes/getJiraConfiguration';
import { registerSaveJiraConfiguration } from './jira/routes/saveJiraConfiguration';
import { emailRegistrations } from './email/routes';
import { gatewayAgentRegistrations } from './gateway-agents/routes';
import { clientsRegistrations } from './clients/routes';
import { dashboardRegistrations } from './dashboards/routes';
import { customDashboardRegistrations } from './custom-dashboard/routes';
import { iosBuilderRegistrations } from './ios-builder/routes';
import { recordingRegistrations } from './recordings/routes';

/** Every API operation, one module each. Later areas add their register functions here. */
const registrations: ((api: Api) => void)[] = [
  registerLogin,
  registerRefreshToken,
  registerLogout,
  registerSso,
  registerSsoConfig,
  registerListUsers,
  registerCreateUser,
  registerGetUser,
  registerSetUserPermissions,
  registerSetUserStatus,
  registerChangePassword,
  registerListGroups,
  registerGetGroup,
  registerCreateGroup,
  registerUpdateGroup,
  registerDeleteGroup,
  registerHealthCheck,
  registerHealthStatus,
  registerGetDiskSpace,
  registerLoadCollection,
  registerSaveCollection,
  registerGetCollectionsList,
  registerTestSuitesFeed,
  registerGetAllTags,
  registerSaveTag,
  registerGetDevices,
  registerSetDeviceName,
  registerAddRemoteBrowser,
  registerRegisterRemoteBrowser,
  registerRemoteBrowserHeartbeat,
  registerGetImageFilters,
  registerSaveImageFilter,
  registerCreateFailureLabel,
  registerUpdateFailureLabel,
  registerGetFailureLabelList,
  registerGetCollectionLabel,
  registerUpdateFailedCollectionLabel,
  registerTriggerTest,
  registerGetQueuedTests,
  registerCancelQueuedTests,
  registerGetRunningTabData,
  registerCancelRunningTest,
  registerGetDetails,
  registerGetReport,
  registerGetScheduleReport,
  registerSearchRuns,
  registerGetFlowHistory,
  registerGetFailureClassification,
  registerGetFlakyFlows,
  registerGetFlowQuarantines,
  registerQuarantineFlow,
  registerReleaseFlow,
  registerDownloadFile,
  registerPostDownloadForId,
  registerDownloadByToken,
  registerPostFrontendLogs,
  registerReleaseDevice,
  registerGetSchedules,
  registerGetSchedule,
  registerSaveSchedule,
  registerDeleteSchedule,
  registerRunNow,
  registerGetScheduleDevices,
  registerGetScheduleQueue,
  registerCancelQueuedSchedule,
  registerGetExecutableTestSuites,
  registerGetExecutionDetails,
  registerGetScheduleSummaryReport,
  registerScheduleSummary,
  registerScheduleSummaryDetail,
  registerTestSuiteSummary,
  registerGetInteractiveBots,
  registerCreateInteractiveBot,
  registerUpdateInteractiveBot,
  registerRegenerateInteractiveBotSecret,
  registerTriggerInteractiveBot,
  registerImportCollection,
  registerUpdatePendingImport,
  registerExportCollection,
  registerGetImportStatus,
  registerGetTransferStats,
  registerListVariables,
  registerSearchVariables,
  registerGetVariable,
  registerGetVariableUsage,
  registerCreateVariable,
  registerUpdateVariable,
  registerDeleteVariable,
  registerCreateExcelVariable,
  registerUpdateExcelVariable,
  registerGetExcelVariableData,
  registerListAuditLog,
  registerListOrganizations,
  registerCreateOrganization,
  registerGetOrganization,
  registerUpdateOrganization,
  registerGetRetention,
  registerUpdateRetention,
  registerListLicenses,
  registerCreateLicense,
  registerUpdateLicense,
  registerValidJiraAuth,
  registerJiraGenericAll,
  registerGetScenarios,
  registerJiraGenericSave,
  registerGetJiraConfiguration,
  registerSaveJiraConfiguration,
  ...emailRegistrations,
  ...dashboardRegistrations,
  ...customDashboardRegistrations,
  ...iosBuilderRegistrations,
  ...gatewayAgentRegistrations,
  ...recordingRegistrations,
  ...clientsRegistrations,
];

export function registerApiRoutes(api: Api): void {
  for (const register of registrations) register(api);
}
