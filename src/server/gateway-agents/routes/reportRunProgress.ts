import { agentProgressSchema } from '../../../shared/contracts/gateway-agents';
import { endpoints } from '../../../shared/endpoints';
import { saveProgress } from '../../runs/repository';
import type { Api } from '../../services';
import { runReporter, runReportRoute } from './runReport';

export function registerReportRunProgress({ app, endpoint, services }: Api): void {
  const report = runReporter(services);
  const route = endpoint(
    'public',
    runReportRoute(endpoints.gatewayAgents.runProgressRoute, "The progress of the run a gateway agent executes", {
      required: true,
      content: { 'application/json': { schema: agentProgressSchema } },
    }),
  );
  app.openapi(route, async (c) => {
    const { statusId } = c.req.valid('param');
    const { progress } = c.req.valid('json');
    return c.json(await report(c, statusId, () => saveProgress(services.db, statusId, progress)), 200);
  });
}
