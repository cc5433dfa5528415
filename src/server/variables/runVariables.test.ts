import { beforeAll, describe, expect, it } from 'vitest';
import { runNowResponseSchema, scheduleExecutionDetailsResponseSchema, scheduleResponseSchema } from '../../shared/contracts/schedules';
import { variableResponseSchema } from '../../shared/contracts/variables';
import { endpoints } from '../../shared/endpoints';
import type { RunDetails } from '../../shared/contracts/runs';
import { browserCollection, dailySchedule, saveCollection, startRunServers, trigger, waitForRun, type PageServer } from '../testing/runFixtures';
import type { TestServer } from '../testing/testServer';

/**
 * The organization's String variables reach every run as `${name}`, with a real Chromium driving a real page: a
 * manual run and a schedule's Run Now (no data source) type the variable's value and the stored step results show it.
 */
describe('String variables in every run', { timeout: 60_000 }, () => {
  let t: TestServer;
  let pages: PageServer;
  let token: string;
  let collectionId: string;
  let variableId: string;

  const send = (path: string, method: string, body: unknown) =>
    t.request(path, { method, token, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  beforeAll(async () => {
    const servers = await startRunServers(['CONTROL_ROOM', 'STUDIO'], { browserPoolSize: 1 });
    ({ t, pages, token } = servers);
    const created = await send(endpoints.variables.create, 'POST', { variableName: 'shopper', valueType: 'String', value: ['Grace Hopper'] });
    expect(created.status, await created.clone().text()).toBe(200);
    variableId = variableResponseSchema.parse(await created.json()).data.id;
    collectionId = await saveCollection(t, token, {
      ...browserCollection({
        flows: [
          {
            testCaseId: 'greet',
            steps: [
              { stepId: 'open', action: 'open', value: `${pages.origin}/form` },
              { stepId: 'name', action: 'type', target: '#name', value: '${shopper}' },
              { stepId: 'go', action: 'click', target: '#go' },
              { stepId: 'check', action: 'assertText', target: '#out', value: 'Hello ${shopper}' },
            ],
          },
        ],
      }),
      hybridDeviceIds: { 'browser-1': 'Browser 1' },
    });
    return servers.close;
  });

  const stepsOf = (run: RunDetails) => run.testCaseDetails.flatMap((flow) => flow.testCaseDetailByLoop.flatMap((loop) => loop.steps));

  function expectGreeted(run: RunDetails): void {
    expect(run.testStatus).toBe('PASSED');
    const check = stepsOf(run).find((step) => step.stepId === 'check');
    expect(check).toMatchObject({ result: 'PASSED', errorDetail: '' });
    expect(check?.validationResult).toBe('text "Hello Grace Hopper red" contains "Hello Grace Hopper"');
  }

  it('fills ${name} in a manual run', async () => {
    expectGreeted(await waitForRun(t, token, await trigger(t, token, collectionId)));
  });

  it('fills ${name} in a schedule firing without a data source', async () => {
    const schedule = scheduleResponseSchema.parse(await (await send(endpoints.schedules.save, 'POST', dailySchedule([collectionId], { name: 'Plain' }))).json()).data;
    const started = runNowResponseSchema.parse(await (await send(endpoints.schedules.runNow, 'PUT', { id: schedule.id })).json());
    const executionPath = endpoints.schedules.executionDetails(started.data.scheduleExecutionHistoryId);
    const [item] = scheduleExecutionDetailsResponseSchema.parse(await (await t.request(executionPath, { token })).json()).data.collections;
    expectGreeted(await waitForRun(t, token, item?.id ?? ''));
  });

  it('gives a run the values of when it was queued', async () => {
    const updated = await send(endpoints.variables.update, 'PUT', { id: variableId, variableName: 'shopper', valueType: 'String', value: ['Ada Lovelace'] });
    expect(updated.status, await updated.clone().text()).toBe(200);
    const run = await waitForRun(t, token, await trigger(t, token, collectionId));
    expect(stepsOf(run).find((step) => step.stepId === 'check')?.validationResult).toBe('text "Hello Ada Lovelace red" contains "Hello Ada Lovelace"');
  });
});
