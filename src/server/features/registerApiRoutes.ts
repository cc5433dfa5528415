import type { Api } from '../services';
import { registerLogin } from './auth/login';
import { registerLogout } from './auth/logout';
import { registerRefreshToken } from './auth/refreshToken';
import { registerSso } from './auth/sso';
import { registerSsoConfig } from './auth/ssoConfig';
import { registerGetCollectionsList } from './collections/getCollectionsList';
import { registerLoadCollection } from './collections/loadCollection';
import { registerSaveCollection } from './collections/saveCollection';
import { registerTestSuitesFeed } from './collections/testSuitesFeed';
import { registerAddRemoteBrowser } from './devices/addRemoteBrowser';
import { registerGetDevices } from './devices/getDevices';
import { registerRegisterRemoteBrowser } from './devices/registerRemoteBrowser';
import { registerRemoteBrowserHeartbeat } from './devices/remoteBrowserHeartbeat';
import { registerSetDeviceName } from './devices/setDeviceName';
import { registerHealthCheck } from './health/healthCheck';
import { registerExportCollection } from './importexport/exportCollection';
import { registerGetImportStatus } from './importexport/getImportStatus';
import { registerGetTransferStats } from './importexport/getTransferStats';
import { registerImportCollection } from './importexport/importCollection';
import { registerUpdatePendingImport } from './importexport/updatePendingImport';
import { registerHealthStatus } from './health/healthStatus';
import { registerCreateFailureLabel } from './failure-labels/createFailureLabel';
import { registerGetCollectionLabel } from './failure-labels/getCollectionLabel';
import { registerGetFailureLabelList } from './failure-labels/getFailureLabelList';
import { registerUpdateFailedCollectionLabel } from './failure-labels/updateFailedCollectionLabel';
import { registerUpdateFailureLabel } from './failure-labels/updateFailureLabel';
import { registerGetImageFilters } from './image-filters/getImageFilters';
import { registerSaveImageFilter } from './image-filters/saveImageFilter';
import { registerCreateInteractiveBot } from './interactive-bots/createInteractiveBot';
import { registerGetInteractiveBots } from './interactive-bots/getInteractiveBots';
import { registerRegenerateInteractiveBotSecret } from './interactive-bots/regenerateInteractiveBotSecret';
import { registerTriggerInteractiveBot } from './interactive-bots/triggerInteractiveBot';
import { registerUpdateInteractiveBot } from './interactive-bots/updateInteractiveBot';
import { registerCancelQueuedTests } from './runs/cancelQueuedTests';
import { registerCancelRunningTest } from './runs/cancelRunningTest';
import { registerDownloadFile } from './runs/downloadFile';
import { registerGetDetails } from './runs/getDetails';
import { registerGetQueuedTests } from './runs/getQueuedTests';
import { registerGetReport } from './runs/getReport';
import { registerGetRunningTabData } from './runs/getRunningTabData';
import { registerGetScheduleReport } from './runs/getScheduleReport';
import { registerReleaseDevice } from './runs/releaseDevice';
import { registerSearchRuns } from './runs/searchRuns';
import { registerTriggerTest } from './runs/triggerTest';
import { registerCancelQueuedSchedule } from './schedules/cancelQueuedSchedule';
import { registerDeleteSchedule } from './schedules/deleteSchedule';
import { registerGetExecutableTestSuites } from './schedules/getExecutableTestSuites';
import { registerGetExecutionDetails } from './schedules/getExecutionDetails';
import { registerGetSchedule } from './schedules/getSchedule';
import { registerGetScheduleDevices } from './schedules/getScheduleDevices';
import { registerGetScheduleQueue } from './schedules/getScheduleQueue';
import { registerGetSchedules } from './schedules/getSchedules';
import { registerGetScheduleSummaryReport } from './schedules/getScheduleSummaryReport';
import { registerRunNow } from './schedules/runNow';
import { registerSaveSchedule } from './schedules/saveSchedule';
import { registerGetAllTags } from './tags/getAllTags';
import { registerSaveTag } from './tags/saveTag';
import { registerCreateUser } from './users/createUser';
import { registerGetUser } from './users/getUser';
import { registerListUsers } from './users/listUsers';
import { registerCreateExcelVariable } from './variables/createExcelVariable';
import { registerCreateVariable } from './variables/createVariable';
import { registerDeleteVariable } from './variables/deleteVariable';
import { registerGetExcelVariableData } from './variables/getExcelVariableData';
import { registerGetVariable } from './variables/getVariable';
import { registerGetVariableUsage } from './variables/getVariableUsage';
import { registerListVariables } from './variables/listVariables';
import { registerSearchVariables } from './variables/searchVariables';
import { registerUpdateExcelVariable } from './variables/updateExcelVariable';
import { registerUpdateVariable } from './variables/updateVariable';

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
  registerHealthCheck,
  registerHealthStatus,
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
  registerDownloadFile,
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
];

export function registerApiRoutes(api: Api): void {
  for (const register of registrations) register(api);
}
