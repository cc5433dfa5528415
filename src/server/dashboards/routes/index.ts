import { registerAddDashboardConfig } from './addDashboardConfig';
import { registerBotAnalytics } from './botAnalytics';
import { registerDatasetsFeed } from './datasetsFeed';
import { registerDeleteDashboardConfig } from './deleteDashboardConfig';
import { registerGetDashboardConfig } from './getDashboardConfig';
import { registerUpdateDashboardConfig } from './updateDashboardConfig';

/** Every dashboards route, in one list so registerApiRoutes takes the area with one line. */
export const dashboardRegistrations = [
  registerGetDashboardConfig,
  registerAddDashboardConfig,
  registerUpdateDashboardConfig,
  registerDeleteDashboardConfig,
  registerDatasetsFeed,
  registerBotAnalytics,
];
