import { agentLogSchema } from '../../../shared/contracts/gateway-agents';
import { endpoints } from '../../../shared/endpoints';
import { appendLog } from '../../runs/repository';
import type { Api } from '../../services';
import { runReporter, runReportRoute } from './runReport';

export function registerReportRunLog({ app, endpoint, services }: Api): void {
  const report = runReporter(services);
  const route = endpoint(
    'public',
    runReportRoute(endpoints.gatewayAgents.runLogRoute, 'A log line of the run a gateway agent executes', {
      required: true,
      content: { 'application/json': { schema: agentLogSchema } },
    }),
  );
  app.openapi(route, async (c) => {
    const { statusId } = c.req.valid('param');
    const { line } = c.req.valid('json');
    return c.json(await report(c, statusId, () => appendLog(services.db, statusId, line)), 200);
  });
}
