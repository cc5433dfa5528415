import { agentFinishSchema } from '../../../shared/contracts/gateway-agents';
import { endpoints } from '../../../shared/endpoints';
import { appendLog, finishRun } from '../../runs/repository';
import type { Api } from '../../services';
import { runReporter, runReportRoute } from './runReport';

export function registerReportRunFinish({ app, endpoint, services }: Api): void {
  const report = runReporter(services);
  const route = endpoint(
    'public',
    runReportRoute(endpoints.gatewayAgents.runFinishRoute, 'The result of the run a gateway agent executed (ABORTED with the reason when it could not go on, e.g. its phone went away): the run ends and its resource is free', {
      required: true,
      content: { 'application/json': { schema: agentFinishSchema } },
    }),
  );
  app.openapi(route, async (c) => {
    const { statusId } = c.req.valid('param');
    const finish = c.req.valid('json');
    const answer = await report(c, statusId, async () => {
      // The same final line and state as a run the server executes itself (runs/service.ts execute); an aborted run
      // says why instead, as a stopped one does.
      await appendLog(services.db, statusId, finish.result === 'ABORTED' ? finish.reason : `Finished: ${finish.result}`);
      await finishRun(services.db, statusId, finish.result, finish.progress ? { progress: finish.progress } : {});
    });
    void services.runs.dispatch();
    return c.json(answer, 200);
  });
}
