import { afterEach, describe, expect, it } from 'vitest';
import { collectionResponseSchema } from '../../shared/contracts/collections';
import { devicesResponseSchema } from '../../shared/contracts/devices';
import { errorBodySchema } from '../../shared/contracts/errors';
import {
  claimAnswerSchema,
  gatewayAgentAcceptedSchema,
  gatewayAgentCreatedSchema,
  GATEWAY_AGENT_OFFLINE_AFTER_MS,
} from '../../shared/contracts/gateway-agents';
import { importStatusResponseSchema, type StatusProcess } from '../../shared/contracts/importexport';
import {
  agentRecordingAnswerSchema,
  RECORDING_MESSAGES,
  recordingChangeResponseSchema,
  recordingStoppedMessage,
  startRecordingResponseSchema,
  type RecordedAction,
  type RecordingProcess,
} from '../../shared/contracts/recordings';
import { endpoints } from '../../shared/endpoints';
import { abortRunsOfSilentAgents } from '../gateway-agents/repository';
import { unplugSilentRemoteBrowsers } from '../resources/remoteBrowsers';
import { browserCollection, runDetails, saveCollection, trigger } from '../testing/runFixtures';
import { startTestServer, type TestServer } from '../testing/testServer';
import { RECORDED_TEST_CASE_NAME } from './collectionBuilder';

describe('recording on a desktop gateway agent', () => {
  let t: TestServer;
  afterEach(async () => {
    await t.close();
  });

  const send = (method: string, path: string, token: string, body: unknown) =>
    t.request(path, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const post = (path: string, token: string, body: unknown) => send('POST', path, token, body);
  const put = (path: string, token: string, body: unknown) => send('PUT', path, token, body);

  /** An agent as the platform sees it: a token that registered its machine, driven over HTTP like the real agent. */
  async function registeredAgent(admin: string, name: string): Promise<{ token: string; deviceId: string }> {
    const created = gatewayAgentCreatedSchema.parse(await (await post(endpoints.gatewayAgents.create, admin, { name })).json()).data;
    const registered = await post(endpoints.gatewayAgents.register, created.token, { os: 'Linux', browsers: ['Chromium'] });
    expect(registered.status).toBe(200);
    return { token: created.token, deviceId: gatewayAgentAcceptedSchema.parse(await registered.json()).data.deviceId };
  }

  async function claim(agentToken: string) {
    const response = await post(endpoints.gatewayAgents.claim, agentToken, { idle: true });
    expect(response.status).toBe(200);
    return claimAnswerSchema.parse(await response.json()).data;
  }

  async function start(token: string, deviceId: string, name = 'Checkout flow'): Promise<string> {
    const response = await post(endpoints.importExport.startRecording, token, { name, deviceId, deviceType: 'DESKTOP' });
    expect(response.status).toBe(200);
    const body = startRecordingResponseSchema.parse(await response.json());
    expect(body.message).toBe(RECORDING_MESSAGES.started);
    return body.data.recordingId;
  }

  async function refusal(response: Response, status: number) {
    expect(response.status).toBe(status);
    return errorBodySchema.parse(await response.json());
  }

  async function change(response: Response) {
    expect(response.status).toBe(200);
    return recordingChangeResponseSchema.parse(await response.json());
  }

  async function agentAnswer(response: Response) {
    expect(response.status).toBe(200);
    return agentRecordingAnswerSchema.parse(await response.json()).data;
  }

  async function recordingsOf(token: string): Promise<RecordingProcess[]> {
    const response = await t.request(endpoints.importExport.status, { token });
    expect(response.status).toBe(200);
    const processes: StatusProcess[] = importStatusResponseSchema.parse(await response.json()).data;
    return processes.flatMap((process) => (process.processType === 'RECORDING' ? [process] : []));
  }

  const action = (seq: number, kind: RecordedAction['action'], target: string, value = ''): RecordedAction => ({
    seq,
    action: kind,
    stepName: `${kind} ${target || value}`,
    target,
    value,
  });

  it('records, stops, finishes into a collection of collapsed steps, and shows the process until COMPLETED', async () => {
    t = await startTestServer({ browserPoolSize: 0 });
    const admin = await t.tokenFor(t.admin);
    const agent = await registeredAgent(admin, 'Laptop');
    const tester = await t.tokenFor(await t.createUser(['STUDIO', 'RECORD_PLAYBACK']));
    expect((await claim(agent.token)).recording).toBeNull();

    const id = await start(tester, agent.deviceId);
    expect((await claim(agent.token)).recording).toEqual({ recordingId: id, name: 'Checkout flow', status: 'INPROGRESS', nextSeq: 0 });
    // The same device cannot record twice.
    expect((await refusal(await post(endpoints.importExport.startRecording, tester, { name: 'Again', deviceId: agent.deviceId, deviceType: 'DESKTOP' }), 409)).message).toBe(
      RECORDING_MESSAGES.deviceNotAvailable,
    );

    const first = [action(0, 'open', '', 'http://shop.test/'), action(1, 'type', 'role=textbox[name="Email"]', 'a'), action(2, 'type', 'role=textbox[name="Email"]', 'ab')];
    expect(await agentAnswer(await post(endpoints.gatewayAgents.recordingActions(id), agent.token, { actions: first }))).toMatchObject({ status: 'INPROGRESS', nextSeq: 3 });
    // A batch sent again over a dropped link is stored once.
    expect(await agentAnswer(await post(endpoints.gatewayAgents.recordingActions(id), agent.token, { actions: first }))).toMatchObject({ nextSeq: 3 });
    const second = [
      action(2, 'type', 'role=textbox[name="Email"]', 'ab'),
      action(3, 'type', 'role=textbox[name="Email"]', 'abc'),
      action(4, 'type', '#password', 's'),
      action(5, 'click', 'role=button[name="Sign in"]'),
      action(6, 'type', '#password', 'x'),
    ];
    expect(await agentAnswer(await post(endpoints.gatewayAgents.recordingActions(id), agent.token, { actions: second }))).toMatchObject({ nextSeq: 7 });
    expect((await recordingsOf(tester))[0]).toMatchObject({ recordingId: id, status: 'INPROGRESS', actionCount: 7, statusId: null, collectionId: null });

    // The agent may finish only a stopped recording.
    expect((await refusal(await post(endpoints.gatewayAgents.recordingFinish(id), agent.token, {}), 409)).success).toBe(false);
    const stopped = await change(await put(endpoints.importExport.stopRecording, tester, { id, cancelRecording: false }));
    expect(stopped).toEqual({ status: true, message: recordingStoppedMessage('PROCESSING'), data: { recordingStatus: 'PROCESSING' } });
    expect((await claim(agent.token)).recording).toMatchObject({ recordingId: id, status: 'PROCESSING', nextSeq: 7 });
    expect((await refusal(await put(endpoints.importExport.stopRecording, tester, { id }), 409)).message).toBe(RECORDING_MESSAGES.notActive);
    // The last actions the agent flushes while stopping are still taken.
    expect(await agentAnswer(await post(endpoints.gatewayAgents.recordingActions(id), agent.token, { actions: [action(7, 'check', '#terms')] }))).toMatchObject({ nextSeq: 8 });

    const finished = await agentAnswer(await post(endpoints.gatewayAgents.recordingFinish(id), agent.token, {}));
    expect(finished).toMatchObject({ status: 'COMPLETED', nextSeq: 8 });
    expect(await agentAnswer(await post(endpoints.gatewayAgents.recordingFinish(id), agent.token, {}))).toEqual(finished);
    expect((await claim(agent.token)).recording).toMatchObject({ recordingId: id, status: 'COMPLETED' });
    // Nothing more is stored once it ended.
    expect(await agentAnswer(await post(endpoints.gatewayAgents.recordingActions(id), agent.token, { actions: [action(8, 'click', '#late')] }))).toMatchObject({ nextSeq: 8 });

    const [process] = await recordingsOf(tester);
    expect(process).toMatchObject({ recordingId: id, status: 'COMPLETED', statusId: id, message: RECORDING_MESSAGES.completed('Checkout flow'), importDataRequired: [] });
    const loaded = await t.request(`${endpoints.collections.load}?id=${encodeURIComponent(process?.collectionId ?? '')}`, { token: tester });
    expect(loaded.status).toBe(200);
    const collection = collectionResponseSchema.parse(await loaded.json()).data;
    expect(collection).toMatchObject({ testSuiteName: 'Checkout flow', deviceType: 'HYBRID', executionType: 'SEQUENTIAL' });
    expect(collection.testCases).toHaveLength(1);
    expect(collection.testCases[0]).toMatchObject({ testCaseName: RECORDED_TEST_CASE_NAME, testCaseType: 'FLOW' });
    expect(collection.testCases[0]?.steps.map((step) => [step.stepId, step.action, step.target, step.value, step.timeoutMs])).toEqual([
      ['step-1', 'open', '', 'http://shop.test/', 10_000],
      ['step-2', 'type', 'role=textbox[name="Email"]', 'abc', 10_000],
      ['step-3', 'type', '#password', 's', 10_000],
      ['step-4', 'click', 'role=button[name="Sign in"]', '', 10_000],
      ['step-5', 'type', '#password', 'x', 10_000],
      ['step-6', 'check', '#terms', '', 10_000],
    ]);

    // A second recording of the same name makes a collection under a free name, as imports do.
    const again = await start(tester, agent.deviceId);
    await agentAnswer(await post(endpoints.gatewayAgents.recordingActions(again), agent.token, { actions: [action(0, 'open', '', 'http://shop.test/')] }));
    await change(await put(endpoints.importExport.stopRecording, tester, { id: again }));
    await agentAnswer(await post(endpoints.gatewayAgents.recordingFinish(again), agent.token, {}));
    const renamed = (await recordingsOf(tester)).find((recording) => recording.recordingId === again);
    expect(renamed).toMatchObject({ status: 'COMPLETED', message: RECORDING_MESSAGES.completed('Checkout flow imported') });
  });

  it('cancels, goes IDLE and continues, ends a recording the agent could not make, and makes nothing of an empty one', async () => {
    t = await startTestServer({ browserPoolSize: 0 });
    const admin = await t.tokenFor(t.admin);
    const agent = await registeredAgent(admin, 'Laptop');
    const other = await registeredAgent(admin, 'Other laptop');
    const testerUser = await t.createUser(['STUDIO', 'RECORD_PLAYBACK']);
    const tester = await t.tokenFor(testerUser);
    const colleague = await t.tokenFor(await t.createUser(['STUDIO', 'RECORD_PLAYBACK']));

    const cancelled = await start(tester, agent.deviceId);
    // Another user's recording, and another agent's, are not found.
    expect((await refusal(await put(endpoints.importExport.stopRecording, colleague, { id: cancelled, cancelRecording: true }), 404)).message).toBe(RECORDING_MESSAGES.notFound);
    expect((await refusal(await post(endpoints.gatewayAgents.recordingActions(cancelled), other.token, { actions: [action(0, 'click', '#a')] }), 404)).message).toBe(
      RECORDING_MESSAGES.notFound,
    );
    expect(await change(await put(endpoints.importExport.stopRecording, tester, { id: cancelled, cancelRecording: true }))).toEqual({
      status: true,
      message: RECORDING_MESSAGES.cancelled,
      data: { recordingStatus: 'CANCELLED' },
    });
    expect((await claim(agent.token)).recording).toMatchObject({ recordingId: cancelled, status: 'CANCELLED' });
    expect((await refusal(await put(endpoints.importExport.stopRecording, tester, { id: cancelled, cancelRecording: true }), 409)).message).toBe(RECORDING_MESSAGES.notActive);

    const idle = await start(tester, agent.deviceId, 'Idle flow');
    expect((await refusal(await put(endpoints.importExport.continueRecording, tester, { id: idle }), 409)).message).toBe(RECORDING_MESSAGES.notIdle);
    expect(await agentAnswer(await post(endpoints.gatewayAgents.recordingState(idle), agent.token, { status: 'IDLE', message: 'Browser closed' }))).toMatchObject({ status: 'IDLE' });
    expect((await claim(agent.token)).recording).toMatchObject({ recordingId: idle, status: 'IDLE' });
    expect((await recordingsOf(tester)).find((recording) => recording.recordingId === idle)).toMatchObject({ status: 'IDLE' });
    expect(await change(await put(endpoints.importExport.continueRecording, tester, { id: idle }))).toEqual({
      status: true,
      message: RECORDING_MESSAGES.continued,
      data: { recordingStatus: 'INPROGRESS' },
    });
    expect((await claim(agent.token)).recording).toMatchObject({ recordingId: idle, status: 'INPROGRESS' });
    // Stopped with nothing recorded: no collection.
    await change(await put(endpoints.importExport.stopRecording, tester, { id: idle }));
    expect(await agentAnswer(await post(endpoints.gatewayAgents.recordingFinish(idle), agent.token, {}))).toMatchObject({ status: 'CANCELLED' });
    expect((await recordingsOf(tester)).find((recording) => recording.recordingId === idle)).toMatchObject({
      status: 'CANCELLED',
      message: RECORDING_MESSAGES.nothingRecorded,
      collectionId: null,
    });

    const failed = await start(tester, agent.deviceId, 'Failing flow');
    const reason = 'Chromium could not start on this machine';
    expect(await agentAnswer(await post(endpoints.gatewayAgents.recordingState(failed), agent.token, { status: 'CANCELLED', message: reason }))).toMatchObject({ status: 'CANCELLED' });
    expect((await recordingsOf(tester)).find((recording) => recording.recordingId === failed)).toMatchObject({ status: 'CANCELLED', message: reason });
    // Pending first, then ended ones newest first; a colleague sees none of them.
    expect((await recordingsOf(tester)).map((recording) => recording.recordingId)).toEqual([failed, idle, cancelled]);
    expect(await recordingsOf(colleague)).toEqual([]);
  });

  it('refuses a busy, offline, foreign or non-agent device, bad names and bodies, and callers without RECORD_PLAYBACK', async () => {
    t = await startTestServer({ browserPoolSize: 0 });
    const admin = await t.tokenFor(t.admin);
    const agent = await registeredAgent(admin, 'Laptop');
    const tester = await t.tokenFor(await t.createUser(['STUDIO', 'RECORD_PLAYBACK']));
    const startWith = (body: unknown, token = tester) => post(endpoints.importExport.startRecording, token, body);
    const valid = { name: 'Flow', deviceId: agent.deviceId, deviceType: 'DESKTOP' };

    expect((await startWith(valid, await t.tokenFor(await t.createUser(['STUDIO'])))).status).toBe(403);
    expect((await put(endpoints.importExport.stopRecording, await t.tokenFor(await t.createUser(['STUDIO'])), { id: 'x' })).status).toBe(403);
    expect((await refusal(await startWith({ ...valid, name: '  ' }), 400)).fieldErrors).toEqual({ name: ['required'] });
    expect((await refusal(await startWith({ ...valid, name: '!bad' }), 400)).fieldErrors).toEqual({ name: ['pattern'] });
    expect((await refusal(await startWith({ ...valid, name: 'x'.repeat(201) }), 400)).fieldErrors).toEqual({ name: ['maxlength'] });
    expect((await startWith({ ...valid, deviceType: 'MOBILE' })).status).toBe(400);
    expect((await startWith('not json at all')).status).toBe(400);
    expect((await put(endpoints.importExport.stopRecording, tester, { cancelRecording: 'yes' })).status).toBe(400);
    expect((await put(endpoints.importExport.continueRecording, tester, {})).status).toBe(400);
    expect((await post(endpoints.gatewayAgents.recordingActions('x'), agent.token, { actions: [] })).status).toBe(400);
    expect((await post(endpoints.gatewayAgents.recordingActions('x'), agent.token, { actions: [{ seq: -1, action: 'hover', stepName: 'x', target: '', value: '' }] })).status).toBe(400);
    expect((await post(endpoints.gatewayAgents.recordingState('x'), agent.token, { status: 'COMPLETED' })).status).toBe(400);
    expect((await post(endpoints.gatewayAgents.recordingFinish('x'), admin, {})).status).toBe(401);

    for (const deviceId of ['browser-1', 'gateway-agent-unknown', 'no-such-device']) {
      expect((await refusal(await startWith({ ...valid, deviceId }), 400)).message).toBe(RECORDING_MESSAGES.deviceNotAvailable);
    }
    const { db } = t.server.services;
    // An agent of another organization is no device of this one.
    await db.updateTable('gateway_agents').set({ org_id: 'another-org' }).where('device_id', '=', agent.deviceId).execute();
    expect((await refusal(await startWith(valid), 400)).message).toBe(RECORDING_MESSAGES.deviceNotAvailable);
    await db.updateTable('gateway_agents').set({ org_id: (await db.selectFrom('users').select('org_id').executeTakeFirstOrThrow()).org_id }).where('device_id', '=', agent.deviceId).execute();

    // Executing a run, the agent records nothing.
    const collectionId = await saveCollection(t, tester, { ...browserCollection({ flows: [{ testCaseId: 'f', steps: [{ stepId: 's', action: 'open', value: 'about:blank' }] }] }), deviceType: 'HYBRID' });
    const statusId = await trigger(t, tester, collectionId);
    await expect.poll(async () => (await claim(agent.token)).run?.statusId).toBe(statusId);
    expect((await refusal(await startWith(valid), 409)).message).toBe(RECORDING_MESSAGES.deviceNotAvailable);
    await t.request(`${endpoints.runs.cancelRunning}?statusId=${statusId}`, { method: 'POST', token: tester });
    expect((await runDetails(t, tester, statusId)).testStatus).toBe('CANCELLED');
    await start(tester, agent.deviceId);

    // Offline, it records nothing either.
    const other = await registeredAgent(admin, 'Gone');
    await unplugSilentRemoteBrowsers(db, Date.now() + GATEWAY_AGENT_OFFLINE_AFTER_MS + 1_000);
    expect((await refusal(await startWith({ ...valid, deviceId: other.deviceId }), 400)).message).toBe(RECORDING_MESSAGES.deviceNotAvailable);
  });

  it('gives no run to an agent while it records, and ends the recordings of a silent agent', async () => {
    t = await startTestServer({ browserPoolSize: 0 });
    const admin = await t.tokenFor(t.admin);
    const agent = await registeredAgent(admin, 'Laptop');
    const processing = await registeredAgent(admin, 'Stopping laptop');
    const tester = await t.tokenFor(await t.createUser(['STUDIO', 'RECORD_PLAYBACK']));
    const recording = await start(tester, agent.deviceId);
    const stopping = await start(tester, processing.deviceId, 'Stopping flow');
    await agentAnswer(await post(endpoints.gatewayAgents.recordingActions(stopping), processing.token, { actions: [action(0, 'open', '', 'http://shop.test/')] }));
    await change(await put(endpoints.importExport.stopRecording, tester, { id: stopping }));

    const collectionId = await saveCollection(t, tester, { ...browserCollection({ flows: [{ testCaseId: 'f', steps: [{ stepId: 's', action: 'open', value: 'about:blank' }] }] }), deviceType: 'HYBRID' });
    const statusId = await trigger(t, tester, collectionId);
    await t.server.services.runs.dispatch();
    expect((await claim(agent.token)).run).toBeNull();
    expect((await claim(processing.token)).run).toBeNull();
    expect((await runDetails(t, tester, statusId)).testStatus).toBe('QUEUED');

    const { db } = t.server.services;
    const silent = await unplugSilentRemoteBrowsers(db, Date.now() + GATEWAY_AGENT_OFFLINE_AFTER_MS + 1_000);
    expect(silent.sort()).toEqual([agent.deviceId, processing.deviceId].sort());
    await abortRunsOfSilentAgents(db, silent);
    const ended = await recordingsOf(tester);
    expect(ended.find((process) => process.recordingId === recording)).toMatchObject({ status: 'CANCELLED', message: RECORDING_MESSAGES.agentGone });
    // What a stopped recording had stored still becomes its collection.
    expect(ended.find((process) => process.recordingId === stopping)).toMatchObject({ status: 'COMPLETED', statusId: stopping });

    // Back again and free, the agent takes the queued run.
    await post(endpoints.gatewayAgents.heartbeat, agent.token, {});
    await expect.poll(async () => (await claim(agent.token)).run?.statusId).toBe(statusId);

    // A revoked agent's recording ends as a silent one's does.
    await post(endpoints.gatewayAgents.heartbeat, processing.token, {});
    const revoked = await start(tester, processing.deviceId, 'Revoked flow');
    const [{ id: tokenId } = { id: '' }] = await db.selectFrom('gateway_agents').select('id').where('device_id', '=', processing.deviceId).execute();
    expect((await post(endpoints.gatewayAgents.revoke(tokenId), admin, {})).status).toBe(200);
    expect((await recordingsOf(tester)).find((process) => process.recordingId === revoked)).toMatchObject({ status: 'CANCELLED', message: RECORDING_MESSAGES.agentGone });
  });

  it('shows a recording agent as in use, and a release of its device cancels the recording and frees it', async () => {
    t = await startTestServer({ browserPoolSize: 0 });
    const admin = await t.tokenFor(t.admin);
    const agent = await registeredAgent(admin, 'Laptop');
    const tester = await t.tokenFor(await t.createUser(['STUDIO', 'RECORD_PLAYBACK']));
    const inUse = async () => {
      const response = await t.request(endpoints.devices.list, { token: tester });
      return devicesResponseSchema.parse(await response.json()).data.desktopDevices.find((device) => device.deviceId === agent.deviceId)?.deviceInUse;
    };
    expect(await inUse()).toBe(false);
    const recording = await start(tester, agent.deviceId);
    expect(await inUse()).toBe(true);

    const release = () => t.request(`${endpoints.runs.releaseDevice}?deviceId=${encodeURIComponent(agent.deviceId)}`, { method: 'POST', token: admin });
    expect((await release()).status).toBe(200);
    const [released] = await recordingsOf(tester);
    expect(released).toMatchObject({ recordingId: recording, status: 'CANCELLED', message: RECORDING_MESSAGES.released(t.admin.email) });
    expect(await inUse()).toBe(false);
    expect((await claim(agent.token)).recording).toMatchObject({ recordingId: recording, status: 'CANCELLED' });
    // Nothing holds it any more.
    expect((await release()).status).toBe(409);
  });
});
