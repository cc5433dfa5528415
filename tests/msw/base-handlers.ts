import { controlRoomHandlers } from './control-room';
import { customDashboardHandlers } from './custom-dashboard';
import { displayTokensHandlers } from './custom-dashboard-display';
import { dashboardsHandlers } from './dashboards';
import { handlers } from './handlers';
import { importExportHandlers } from './importexport';
import { interactiveBotsHandlers } from './interactive-bots';
import { operationsHandlers } from './operations';
import { organizationsHandlers } from './organizations';
import { runsHandlers } from './runs-handlers';
import { studioHandlers } from './studio-handlers';
import { usersHandlers } from './users';
import { groupsHandlers } from './groups';
import { gatewayAgentsHandlers } from './gateway-agents';
import { recordingHandlers } from './recordings';
import { flakinessHandlers } from './flakiness-handlers';
import { quarantineHandlers } from './quarantine';
import { flakyFlowsHandlers } from './flaky-flows';

/** Every handler of the unit project's msw server, in the order they match. */
export const baseHandlers = [...handlers, ...runsHandlers, ...studioHandlers, ...controlRoomHandlers, ...interactiveBotsHandlers, ...importExportHandlers, ...organizationsHandlers, ...usersHandlers, ...groupsHandlers, ...operationsHandlers, ...dashboardsHandlers, ...customDashboardHandlers, ...displayTokensHandlers, ...gatewayAgentsHandlers, ...recordingHandlers, ...flakinessHandlers, ...quarantineHandlers, ...flakyFlowsHandlers];
