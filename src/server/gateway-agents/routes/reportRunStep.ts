import { agentStepSchema } from '../../../shared/contracts/gateway-agents';
import { endpoints } from '../../../shared/endpoints';
import { insertStepResult, saveProgress } from '../../runs/repository';
import type { Api } from '../../services';
import { runReporter, runReportRoute } from './runReport';

export function registerReportRunStep({ app, endpoint, services }: Api): void {
  const report = runReporter(services);
  const route = endpoint(
    'public',
    runReportRoute(endpoints.gatewayAgents.runStepRoute, 'One finished step of the run a gateway agent executes, and the progress after it', {
      required: true,
      content: { 'application/json': { schema: agentStepSchema } },
    }),
  );
  app.openapi(route, async (c) => {
    const { statusId } = c.req.valid('param');
    const { result, progress } = c.req.valid('json');
    return c.json(
      await report(c, statusId, () =>
        services.db.transaction().execute(async (trx) => {
          await insertStepResult(trx, { ...result, status_id: statusId });
          await saveProgress(trx, statusId, progress);
        }),
      ),
      200,
    );
  });
}
