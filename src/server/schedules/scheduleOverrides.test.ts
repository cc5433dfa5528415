import { beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../shared/contracts/errors';
import { runNowResponseSchema, scheduleDevicesResponseSchema, scheduleExecutionDetailsResponseSchema, scheduleResponseSchema } from '../../shared/contracts/schedules';
import { variableResponseSchema } from '../../shared/contracts/variables';
import { endpoints } from '../../shared/endpoints';
import { browserCollection, dailySchedule, saveCollection, startRunServers, waitForRun, type PageServer } from '../testing/runFixtures';
import { workbookBytes } from '../testing/excelWorkbook';
import type { TestServer } from '../testing/testServer';

/**
 * The runtime configuration end to end over real HTTP, with a real Chromium: an Excel variable uploaded through the
 * API feeds a data row to the run, whose steps read it as `${name}`, and a resource variable replaces the resource the
 * collection asks for.
 */
describe('schedule overrides with variables', { timeout: 60_000 }, () => {
  let t: TestServer;
  let pages: PageServer;
  let token: string;

  beforeAll(async () => {
    const servers = await startRunServers(['CONTROL_ROOM', 'STUDIO', 'DATASOURCE_INPUT'], { browserPoolSize: 2 });
    ({ t, pages, token } = servers);
    return servers.close;
  });

  const send = (path: string, method: string, body: unknown) =>
    t.request(path, { method, token, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  async function excelVariable(rows: unknown[][]): Promise<string> {
    const form = new FormData();
    form.set('file', new File([workbookBytes(rows, 'xlsx', 'Users')], 'users.xlsx'));
    const response = await t.request(endpoints.variables.createExcel, { method: 'POST', token, body: form });
    expect(response.status, await response.clone().text()).toBe(200);
    return variableResponseSchema.parse(await response.json()).data.id;
  }

  it('runs the collection with the data row as variables, on the resource the resource variable names', async () => {
    const users = await excelVariable([
      ['User Name', 'Colour'],
      ['alice', 'red'],
      ['bob', 'blue'],
    ]);
    const pool = variableResponseSchema.parse(await (await send(endpoints.variables.create, 'POST', { variableName: 'first_browser', valueType: 'Resource', value: ['browser-1'] })).json()).data;
    const collectionId = await saveCollection(t, token, {
      ...browserCollection({
        flows: [
          {
            testCaseId: 'greet',
            steps: [
              { stepId: 'open', action: 'open', value: `${pages.origin}/form` },
              { stepId: 'name', action: 'type', target: '#name', value: '${User_Name}' },
              { stepId: 'colour', action: 'select', target: '#color', value: '${Colour}' },
              { stepId: 'go', action: 'click', target: '#go' },
              { stepId: 'check', action: 'assertText', target: '#out', value: 'Hello ${User_Name} ${Colour}' },
            ],
          },
        ],
      }),
      // The collection asks for browser-2; the override sends it to the resource variable's browser-1.
      hybridDeviceIds: { 'browser-2': 'Browser 2' },
    });
    const devices = scheduleDevicesResponseSchema.parse(await (await t.request(endpoints.schedules.devices(collectionId), { token })).json()).data;
    expect(devices).toEqual([expect.objectContaining({ deviceId: 'browser-2', testStatusIds: [collectionId] })]);

    const body = dailySchedule([collectionId], {
      name: 'Data driven',
      overrideResources: true,
      overrideResourcesList: [
        {
          currentDevice: { deviceId: 'browser-2', deviceType: 'BROWSER', useVariable: false, variableId: null },
          newDevice: { deviceId: '', deviceType: '', useVariable: true, variableId: pool.id },
        },
      ],
      overrideDataSource: true,
      dataSourceVariableId: users,
      dataSourceRowNo: 2,
    });
    const schedule = scheduleResponseSchema.parse(await (await send(endpoints.schedules.save, 'POST', body)).json()).data;
    const started = runNowResponseSchema.parse(await (await send(endpoints.schedules.runNow, 'PUT', { id: schedule.id })).json());
    const executionPath = endpoints.schedules.executionDetails(started.data.scheduleExecutionHistoryId);
    const [item] = scheduleExecutionDetailsResponseSchema.parse(await (await t.request(executionPath, { token })).json()).data.collections;
    const run = await waitForRun(t, token, item?.id ?? '');

    const steps = run.testCaseDetails.flatMap((flow) => flow.testCaseDetailByLoop.flatMap((loop) => loop.steps));
    expect(steps.map((step) => [step.stepId, step.result, step.errorDetail])).toEqual([
      ['open', 'PASSED', ''],
      ['name', 'PASSED', ''],
      ['colour', 'PASSED', ''],
      ['go', 'PASSED', ''],
      ['check', 'PASSED', ''],
    ]);
    const details = scheduleExecutionDetailsResponseSchema.parse(await (await t.request(executionPath, { token })).json()).data;
    expect(details.collections[0]).toMatchObject({ result: 'PASSED', devices: { 'browser-1': expect.any(String) as string } });
    const history = scheduleResponseSchema.parse(await (await t.request(endpoints.schedules.byId(schedule.id), { token })).json()).data.executionHistory;
    expect(history[0]?.notes.map((note) => note.text)).toEqual(['Override Datasource: data row 2 of users gives the runs ${User_Name}, ${Colour}']);
  });

  it('answers getDevices with 404 for an id that is neither a schedule nor a collection', async () => {
    const response = await t.request(endpoints.schedules.devices('no-such-id'), { token });
    expect(response.status).toBe(404);
    expect(errorBodySchema.parse(await response.json()).message).toBe('No schedule or collection no-such-id');
  });
});
