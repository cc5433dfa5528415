import { randomUUID } from 'node:crypto';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionSchema } from '../../../shared/contracts/collections';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { saveScheduleSchema } from '../../../shared/contracts/schedules';
import {
  excelVariableDataResponseSchema,
  VARIABLE_LIMITS,
  variableListResponseSchema,
  variableResponseSchema,
  variableUsageResponseSchema,
  type Variable,
} from '../../../shared/contracts/variables';
import { endpoints, IDEMPOTENCY_HEADER } from '../../../shared/endpoints';
import { hashPassword } from '../../auth/passwords';
import { REPLAYED_HEADER } from '../../http/idempotency';
import { saveScheduleRow } from '../../schedules/repository';
import { workbookBytes } from '../../testing/excelWorkbook';
import { startTestServer, type TestServer } from '../../testing/testServer';
import { insertUser } from '../../users/repository';
import { insertCollection } from '../../collections/repository';

const JSON_HEADERS = { 'content-type': 'application/json' };

const xlsx = (rows: unknown[][]) => Promise.resolve(workbookBytes(rows, 'xlsx'));
const LOGIN_ROWS: unknown[][] = [
  ['User Name', 'Password', 'Born', 'User Name'],
  ['alice', 123, new Date('1990-05-17T00:00:00Z'), 'dup'],
  [],
  ['carol', 'pw', null, null],
  [],
];

describe('variables', () => {
  let t: TestServer;
  let token: string;
  let excelToken: string;
  let plainToken: string;
  let orgId: string;
  let resourceIds: string[];

  beforeAll(async () => {
    t = await startTestServer({ browserPoolSize: 2 });
    token = await t.tokenFor(await t.createUser(['CONTROL_ROOM', 'STUDIO', 'DATASOURCE_INPUT']));
    excelToken = token;
    plainToken = await t.tokenFor(await t.createUser(['CONTROL_ROOM']));
    const admin = await t.server.services.db.selectFrom('users').select('org_id').where('user_id', '=', t.admin.email).executeTakeFirstOrThrow();
    orgId = admin.org_id;
    resourceIds = (await t.server.services.db.selectFrom('resources').select('device_id').orderBy('device_id').execute()).map((row) => row.device_id);
  });
  afterAll(async () => t.close());

  const send = (method: string, path: string, body: unknown, as = token, headers: Record<string, string> = {}) =>
    t.request(path, { method, token: as, headers: { ...JSON_HEADERS, ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
  const get = (path: string, as = token) => t.request(path, { token: as });
  async function saved(response: Response): Promise<Variable> {
    expect(response.status, await response.clone().text()).toBe(200);
    const answer = variableResponseSchema.parse(await response.json());
    expect(answer.message).toBe('Variable Saved');
    return answer.data;
  }
  async function errorOf(response: Response, status: number) {
    expect(response.status, await response.clone().text()).toBe(status);
    return errorBodySchema.parse(await response.json());
  }
  async function list(as = token) {
    const response = await get(endpoints.variables.list, as);
    expect(response.status).toBe(200);
    return variableListResponseSchema.parse(await response.json()).data;
  }
  const upload = (path: string, file: { name: string; bytes: Uint8Array<ArrayBuffer> } | null, variable?: unknown, as = excelToken) => {
    const form = new FormData();
    if (file) form.set('file', new File([file.bytes], file.name));
    if (variable !== undefined) form.set('variable', typeof variable === 'string' ? variable : JSON.stringify(variable));
    return t.request(path, { method: 'POST', token: as, body: form });
  };
  const createExcel = (file: { name: string; bytes: Uint8Array<ArrayBuffer> } | null, variable?: unknown, as?: string) =>
    upload(endpoints.variables.createExcel, file, variable, as);

  it('creates, lists, reads, updates and removes String and Resource variables (§4)', async () => {
    expect((await list()).systemVariables).toEqual([expect.objectContaining({ variableName: 'BASE_URL', valueType: 'System', access: 'read', value: [t.baseUrl] })]);
    const user = await saved(await send('POST', endpoints.variables.create, { variableName: 'username', value: ['alice'] }));
    expect(user).toMatchObject({ variableName: 'username', value: ['alice'], status: 'active', variableType: 'bot', valueType: 'String', rowCount: null });
    const pool = await saved(await send('POST', endpoints.variables.create, { variableName: 'pool', valueType: 'Resource', value: resourceIds }));
    expect(pool.value).toEqual(resourceIds);
    expect((await list()).variables.map((variable) => variable.variableName)).toEqual(['pool', 'username']);

    const read = variableResponseSchema.parse(await (await get(endpoints.variables.byId(user.id))).json()).data;
    expect(read).toEqual(user);
    const renamed = await saved(await send('PUT', endpoints.variables.update, { ...user, variableName: 'login', value: ['bob'] }));
    expect(renamed).toMatchObject({ id: user.id, variableName: 'login', value: ['bob'] });

    const search = async (text: string) =>
      variableListResponseSchema.parse(await (await get(`${endpoints.variables.search}?text=${encodeURIComponent(text)}`)).json()).data;
    expect((await search('BO')).variables.map((variable) => variable.variableName)).toEqual(['login']);
    expect((await search('base_')).systemVariables.map((variable) => variable.variableName)).toEqual(['BASE_URL']);
    expect((await search('nothing-like-this')).variables).toEqual([]);

    const removed = await send('PUT', endpoints.variables.remove, { id: user.id });
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({ success: true, message: 'Variable Removed' });
    expect((await list()).variables.map((variable) => variable.variableName)).toEqual(['pool']);
    // A removed variable stays readable as inactive, cannot change, and frees its name.
    expect(variableResponseSchema.parse(await (await get(endpoints.variables.byId(user.id))).json()).data.status).toBe('inactive');
    await errorOf(await send('PUT', endpoints.variables.update, { ...renamed, value: ['carol'] }), 404);
    await errorOf(await send('PUT', endpoints.variables.remove, { id: user.id }), 404);
    await saved(await send('POST', endpoints.variables.create, { variableName: 'login' }));
  });

  it('answers bad input with field errors and never 500', async () => {
    const fieldErrors = async (response: Response, status = 400) => (await errorOf(response, status)).fieldErrors;
    await saved(await send('POST', endpoints.variables.create, { variableName: 'taken_name' }));
    expect(await fieldErrors(await send('POST', endpoints.variables.create, {}))).toEqual({ variableName: ['required'] });
    expect(await fieldErrors(await send('POST', endpoints.variables.create, { variableName: 'user name' }))).toEqual({ variableName: ['pattern'] });
    expect(await fieldErrors(await send('POST', endpoints.variables.create, { variableName: 'x'.repeat(101) }))).toEqual({ variableName: ['maxlength'] });
    expect(await fieldErrors(await send('POST', endpoints.variables.create, { variableName: 'TAKEN_NAME' }), 409)).toEqual({ variableName: ['NoneOf'] });
    expect(await fieldErrors(await send('POST', endpoints.variables.create, { variableName: 'BASE_URL' }), 409)).toEqual({ variableName: ['NoneOf'] });
    expect(await fieldErrors(await send('POST', endpoints.variables.create, { variableName: 'r', valueType: 'Resource' }))).toEqual({ value: ['required'] });
    expect(await fieldErrors(await send('POST', endpoints.variables.create, { variableName: 'r', valueType: 'Resource', value: ['a', 'b', 'c', 'd', 'e', 'f'] }))).toEqual({
      value: ['maxlength'],
    });
    const unknown = await errorOf(await send('POST', endpoints.variables.create, { variableName: 'r', valueType: 'Resource', value: ['no-such-device'] }), 400);
    expect(unknown).toMatchObject({ message: 'Resources not found: no-such-device', fieldErrors: { value: ['NotFound'] } });
    expect((await fieldErrors(await send('POST', endpoints.variables.create, { variableName: 's', valueType: 'System' }))) ?? {}).toHaveProperty('valueType');
    expect((await fieldErrors(await send('POST', endpoints.variables.create, { variableName: 's', valueType: 'Excel' }))) ?? {}).toHaveProperty('valueType');
    await errorOf(await send('POST', endpoints.variables.create, '{"variableName": '), 400);
    await errorOf(await send('POST', endpoints.variables.create, 'variableName=x', token, { 'content-type': 'text/plain' }), 415);
    await errorOf(await send('PUT', endpoints.variables.update, { id: randomUUID(), variableName: 'ghost' }), 404);
    await errorOf(await send('PUT', endpoints.variables.remove, {}), 400);
    await errorOf(await get(endpoints.variables.byId(randomUUID())), 404);
    await errorOf(await get(`${endpoints.variables.usage}`), 400);
    await errorOf(await get(`${endpoints.variables.search}?text=${'x'.repeat(201)}`), 400);
    // Only String and Resource switch through update: an Excel variable needs its file.
    const plain = await saved(await send('POST', endpoints.variables.create, { variableName: 'plain' }));
    expect(await fieldErrors(await send('PUT', endpoints.variables.update, { ...plain, valueType: 'Excel' }))).toEqual({ valueType: ['pattern'] });
  });

  it('keeps a replayed create (same Idempotency-Key) to one variable', async () => {
    const key = { [IDEMPOTENCY_HEADER]: `variable-${randomUUID()}` };
    const first = await send('POST', endpoints.variables.create, { variableName: 'once_only' }, token, key);
    const second = await send('POST', endpoints.variables.create, { variableName: 'once_only' }, token, key);
    expect(second.status).toBe(200);
    expect(second.headers.get(REPLAYED_HEADER)).toBe('true');
    expect((await saved(first)).id).toBe((await saved(second)).id);
    expect((await list()).variables.filter((variable) => variable.variableName === 'once_only')).toHaveLength(1);
  });

  it('reports the collections and schedules using a variable and refuses to remove one collections use', async () => {
    const api = await saved(await send('POST', endpoints.variables.create, { variableName: 'api_host', value: ['https://example.test'] }));
    const db = t.server.services.db;
    const step = (stepId: string, action: string, target: string, value: string) => ({ stepId, stepName: stepId, action, target, value });
    const collection = (name: string, steps: ReturnType<typeof step>[]) =>
      insertCollection(db, collectionSchema.parse({ collectionId: 'new', id: '', testSuiteName: name, deviceType: 'BROWSER', testCases: [{ testCaseId: 'f', testCaseName: 'f', steps }] }), {
        orgId,
        userId: t.admin.email,
      });
    const user = await collection('Uses_Api', [step('s1', 'open', '', '${api_host}/login')]);
    // A collection that sets the name itself does not use the stored variable.
    await collection('Sets_Api', [step('s1', 'setVariable', 'api_host', 'local'), step('s2', 'open', '', '${api_host}')]);
    const now = Date.now();
    const { id: _id, ...definition } = saveScheduleSchema.parse({
      name: 'Uses pool',
      repeat: 0,
      startTime: now + 60_000,
      scheduleType: 'COLLECTION',
      testStatusIdList: [user.id],
      scheduleData: { type: 1, recurEveryDays: 1, weekDays: [0, 0, 0, 0, 0, 0, 0] },
      overrideDataSource: true,
      dataSourceVariableId: api.id,
      timeZone: 'UTC',
    });
    const schedule = await saveScheduleRow(db, undefined, definition, { orgId, userId: t.admin.email }, now);

    const usage = variableUsageResponseSchema.parse(await (await get(`${endpoints.variables.usage}?id=${api.id}`)).json()).data;
    expect(usage).toEqual({ collections: [{ id: user.id, testSuiteName: 'Uses_Api' }], schedules: [{ id: schedule?.id, name: 'Uses pool' }] });
    const refused = await errorOf(await send('PUT', endpoints.variables.remove, { id: api.id }), 409);
    expect(refused.message).toBe('Varible in Use, Collections [Uses_Api]');
    expect((await list()).variables.some((variable) => variable.id === api.id)).toBe(true);
  });

  it('creates Excel variables from .xlsx files: default names, mapping, rows and the sheet data', async () => {
    const bytes = await xlsx(LOGIN_ROWS);
    const first = await saved(await createExcel({ name: 'Login data.xlsx', bytes }));
    expect(first).toMatchObject({ variableName: 'Login_data', valueType: 'Excel', dataSource: 'Login data.xlsx', rowCount: 3, value: ['User_Name', 'Password', 'Born', 'User_Name_2'] });
    expect((await saved(await createExcel({ name: 'Login data.xlsx', bytes }))).variableName).toBe('Login_data_1');
    expect((await saved(await createExcel({ name: 'Login data.xlsx', bytes }, { variableType: 'bot' }))).variableName).toBe('Login_data_2');
    expect((await saved(await createExcel({ name: 'other.xlsx', bytes }, { variableName: 'chosen' }))).variableName).toBe('chosen');

    const data = excelVariableDataResponseSchema.parse(await (await get(`${endpoints.variables.excelData}?id=${first.id}`)).json()).data;
    expect(data.mapping).toEqual([
      { variableName: 'User_Name', columnName: 'User Name' },
      { variableName: 'Password', columnName: 'Password' },
      { variableName: 'Born', columnName: 'Born' },
      { variableName: 'User_Name_2', columnName: 'User Name' },
    ]);
    expect(data.excelRows).toEqual([
      { User_Name: 'alice', Password: '123', Born: '1990-05-17', User_Name_2: 'dup' },
      { User_Name: '', Password: '', Born: '', User_Name_2: '' },
      { User_Name: 'carol', Password: 'pw', Born: '', User_Name_2: '' },
    ]);

    // A new file replaces the sheet; PUT update renames without touching it.
    const replaced = await saved(await upload(endpoints.variables.updateExcel, { name: 'v2.xlsx', bytes: await xlsx([['Code'], ['A1']]) }, { id: first.id }));
    expect(replaced).toMatchObject({ id: first.id, variableName: 'Login_data', dataSource: 'v2.xlsx', value: ['Code'], rowCount: 1 });
    const renamed = await saved(await send('PUT', endpoints.variables.update, { id: first.id, variableName: 'codes', valueType: 'Excel' }));
    expect(renamed).toMatchObject({ variableName: 'codes', value: ['Code'], rowCount: 1 });
    await errorOf(await upload(endpoints.variables.updateExcel, { name: 'v3.xlsx', bytes }, { id: randomUUID() }), 404);
    const plain = await saved(await send('POST', endpoints.variables.create, { variableName: 'not_a_sheet' }));
    expect((await errorOf(await upload(endpoints.variables.updateExcel, { name: 'v3.xlsx', bytes }, { id: plain.id }), 400)).message).toBe('not_a_sheet is not an Excel variable');
    expect((await errorOf(await get(`${endpoints.variables.excelData}?id=${plain.id}`), 400)).message).toBe('not_a_sheet is not an Excel variable');
  });

  it('reads Excel 97-2003 .xls files as it reads .xlsx ones, whatever the extension says', async () => {
    const fromXlsx = await saved(await createExcel({ name: 'as_xlsx.xlsx', bytes: await xlsx(LOGIN_ROWS) }));
    const fromXls = await saved(await createExcel({ name: 'Old login.xls', bytes: workbookBytes(LOGIN_ROWS, 'xls') }));
    expect(fromXls).toMatchObject({ variableName: 'Old_login', dataSource: 'Old login.xls', rowCount: 3, value: ['User_Name', 'Password', 'Born', 'User_Name_2'] });
    const renamed = await saved(await createExcel({ name: 'renamed.xlsx', bytes: workbookBytes([['Code'], ['X9']], 'xls') }));
    expect(renamed).toMatchObject({ value: ['Code'], rowCount: 1 });
    const dataOf = async (id: string) => {
      const { mapping, excelRows } = excelVariableDataResponseSchema.parse(await (await get(`${endpoints.variables.excelData}?id=${id}`)).json()).data;
      return { mapping, excelRows };
    };
    const xlsData = await dataOf(fromXls.id);
    expect(xlsData.excelRows[0]).toEqual({ User_Name: 'alice', Password: '123', Born: '1990-05-17', User_Name_2: 'dup' });
    expect(xlsData).toEqual(await dataOf(fromXlsx.id));
    // updateExcelVariable takes an .xls too.
    const replaced = await saved(await upload(endpoints.variables.updateExcel, { name: 'v2.xls', bytes: workbookBytes([['Code'], ['A1'], ['B2']], 'xls') }, { id: fromXls.id }));
    expect(replaced).toMatchObject({ id: fromXls.id, dataSource: 'v2.xls', value: ['Code'], rowCount: 2 });
  });

  it('hides Excel variables from users without DATASOURCE_INPUT', async () => {
    const sheet = await saved(await createExcel({ name: 'hidden.xlsx', bytes: await xlsx([['A'], ['1']]) }));
    expect((await list(excelToken)).variables.some((variable) => variable.id === sheet.id)).toBe(true);
    expect((await list(plainToken)).variables.some((variable) => variable.valueType === 'Excel')).toBe(false);
    await errorOf(await get(endpoints.variables.byId(sheet.id), plainToken), 403);
    await errorOf(await send('PUT', endpoints.variables.update, { id: sheet.id, variableName: 'x', valueType: 'Excel' }, plainToken), 403);
    await errorOf(await send('PUT', endpoints.variables.remove, { id: sheet.id }, plainToken), 403);
    await errorOf(await get(`${endpoints.variables.usage}?id=${sheet.id}`, plainToken), 403);
    await errorOf(await createExcel({ name: 'x.xlsx', bytes: await xlsx([['A']]) }, undefined, plainToken), 403);
    await errorOf(await get(`${endpoints.variables.excelData}?id=${sheet.id}`, plainToken), 403);
  });

  it('refuses unreadable, oversized and malformed Excel uploads with the reason, storing nothing', async () => {
    const before = (await list()).variables.length;
    const good = await xlsx([['A'], ['1']]);
    const message = async (response: Response, status = 400) => (await errorOf(response, status)).message;
    const ole = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...new Array<number>(504).fill(0)]);
    expect(await message(await createExcel({ name: 'damaged.xls', bytes: ole }))).toBe('The file is not a readable Excel workbook');
    expect(await message(await createExcel({ name: 'broken.xls', bytes: workbookBytes([['A'], ['1']], 'xls').slice(0, 700) }))).toBe('The file is not a readable Excel workbook');
    expect(await message(await createExcel({ name: 'data.csv', bytes: new TextEncoder().encode('a,b\n1,2') }))).toBe('Excel files accept only .xls and .xlsx');
    expect(await message(await createExcel({ name: 'broken.xlsx', bytes: good.slice(0, 200) }))).toBe('The file is not a readable Excel workbook');
    expect(await message(await createExcel({ name: 'text.xlsx', bytes: new TextEncoder().encode('not a workbook at all') }))).toBe('The file is not a readable Excel workbook');
    const notWorkbook = zipSync({ 'readme.txt': new TextEncoder().encode('hello') });
    expect(await message(await createExcel({ name: 'zip.xlsx', bytes: notWorkbook }))).toBe('The file is not a readable Excel workbook');
    const bomb = zipSync({ 'xl/big.xml': new Uint8Array(VARIABLE_LIMITS.excelUnpackedBytes + 1) }, { level: 9 });
    expect(bomb.byteLength).toBeLessThan(VARIABLE_LIMITS.excelFileBytes);
    expect(await message(await createExcel({ name: 'bomb.xlsx', bytes: bomb }))).toBe('The workbook unpacks to more than 50 MB: split the data into smaller files');
    expect(await message(await createExcel({ name: 'empty.xlsx', bytes: await xlsx([]) }))).toBe('The first row of the first sheet must name the columns');
    expect(await message(await createExcel({ name: 'wide.xlsx', bytes: await xlsx([Array.from({ length: 101 }, (_, index) => `c${index}`)]) }))).toBe(
      'The sheet has more than 100 columns',
    );
    const big = new Uint8Array(VARIABLE_LIMITS.excelFileBytes + 1);
    expect(await message(await createExcel({ name: 'big.xlsx', bytes: big }), 413)).toBe('The Excel file is larger than the 5 MB allowed');

    expect((await errorOf(await createExcel(null, { variableName: 'x' }), 400)).fieldErrors).toHaveProperty('file');
    expect((await errorOf(await createExcel({ name: 'a.xlsx', bytes: good }, '{not json'), 400)).fieldErrors).toEqual({ variable: ['pattern'] });
    expect((await errorOf(await createExcel({ name: 'a.xlsx', bytes: good }, { variableName: 'bad name' }), 400)).fieldErrors).toEqual({ 'variable.variableName': ['pattern'] });
    expect((await errorOf(await upload(endpoints.variables.updateExcel, { name: 'a.xlsx', bytes: good }, {}), 400)).fieldErrors).toEqual({ 'variable.id': ['required'] });
    await errorOf(await send('POST', endpoints.variables.createExcel, { variableName: 'x' }), 415);
    expect((await list()).variables).toHaveLength(before);
  });

  it('keeps each organization to its own variables', async () => {
    const ours = await saved(await send('POST', endpoints.variables.create, { variableName: 'org_scoped' }));
    const otherOrg = randomUUID();
    const db = t.server.services.db;
    await db.insertInto('organizations').values({ id: otherOrg, name: 'Other', license_type: 'RTA', created_at: new Date().toISOString() }).execute();
    await insertUser(db, { email: 'other-vars@example.test', passwordHash: await hashPassword('other-pass'), orgId: otherOrg, features: ['CONTROL_ROOM', 'DATASOURCE_INPUT'] });
    const other = await t.tokenFor({ id: '', email: 'other-vars@example.test', password: 'other-pass' });

    expect((await list(other)).variables).toEqual([]);
    await errorOf(await get(endpoints.variables.byId(ours.id), other), 404);
    await errorOf(await send('PUT', endpoints.variables.update, { ...ours, variableName: 'stolen' }, other), 404);
    await errorOf(await send('PUT', endpoints.variables.remove, { id: ours.id }, other), 404);
    // The same name is free in another organization.
    await saved(await send('POST', endpoints.variables.create, { variableName: 'org_scoped' }, other));
  });
});
