import { registerAgentHeartbeat } from './agentHeartbeat';
import { registerClaimRun } from './claimRun';
import { registerCreateGatewayAgent } from './createGatewayAgent';
import { registerListGatewayAgents } from './listGatewayAgents';
import { registerRegisterAgent } from './registerAgent';
import { registerRegisterAgentDevices } from './registerAgentDevices';
import { registerReportRunAttachment } from './reportRunAttachment';
import { registerReportRunFinish } from './reportRunFinish';
import { registerReportRunLog } from './reportRunLog';
import { registerReportRunProgress } from './reportRunProgress';
import { registerReportRunStep } from './reportRunStep';
import { registerRevokeGatewayAgent } from './revokeGatewayAgent';

/** Every gateway agent route, in one list so registerApiRoutes takes the area with one line. */
export const gatewayAgentRegistrations = [
  registerListGatewayAgents,
  registerCreateGatewayAgent,
  registerRevokeGatewayAgent,
  registerRegisterAgent,
  registerRegisterAgentDevices,
  registerAgentHeartbeat,
  registerClaimRun,
  registerReportRunLog,
  registerReportRunProgress,
  registerReportRunStep,
  registerReportRunAttachment,
  registerReportRunFinish,
];
