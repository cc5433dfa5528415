import { createServer, type IncomingMessage, type Server } from 'node:http';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AgentRecordingCommand } from '../shared/contracts/recordings';
import { endpoints } from '../shared/endpoints';
import { server as mockServer } from '../../tests/msw/server';
import { startGatewayAgent } from './agent';
import { waitUntil } from '../../tests/support/wait';

const CHROMIUM = '/usr/bin/chromium';
const RECORDING_ID = 'rec 1';
/** Launching Chromium on a shared two-core machine takes seconds. */
const WAIT = { timeout: 30_000, interval: 50 };

/** A loopback stand-in for the platform's agent calls: what the agent sent, and the recording it should pursue. */
const platform = {
  recording: null as AgentRecordingCommand | null,
  claims: [] as boolean[],
  calls: [] as { path: string; body: unknown }[],
};
let server: Server;
let base = '';

async function bodyOf(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as unknown;
}

beforeAll(async () => {
  // Real loopback servers and a real browser only: the unit project's msw would refuse these requests.
  mockServer.close();
  // The agent calls with the global fetch, which is happy-dom's here: a Node agent has no origin to keep to.
  (window as unknown as { happyDOM: { settings: { fetch: { disableSameOriginPolicy: boolean } } } }).happyDOM.settings.fetch.disableSameOriginPolicy = true;
  server = createServer((request, response) => {
    void (async () => {
      const path = new URL(request.url ?? '/', 'http://localhost').pathname;
      if (request.method === 'GET') {
        response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Page</title><button>Go</button>');
        return;
      }
      const body = await bodyOf(request);
      const json = (data: unknown) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success: true, data }));
      const accepted = { deviceId: 'gateway-agent-test', heartbeatMs: 5_000, claimMs: 100 };
      if (path === endpoints.gatewayAgents.register || path === endpoints.gatewayAgents.heartbeat) return json(accepted);
      if (path === endpoints.gatewayAgents.claim) {
        platform.claims.push((body as { idle: boolean }).idle);
        return json({ run: null, stopped: [], recording: platform.recording });
      }
      platform.calls.push({ path, body });
      const recording = platform.recording;
      if (!recording) return response.writeHead(404).end();
      if (path === endpoints.gatewayAgents.recordingActions(RECORDING_ID)) {
        const { actions } = body as { actions: { seq: number }[] };
        recording.nextSeq = Math.max(recording.nextSeq, ...actions.map((action) => action.seq + 1));
      }
      if (path === endpoints.gatewayAgents.recordingFinish(RECORDING_ID)) recording.status = 'COMPLETED';
      return json(recording);
    })();
  });
  await new Promise<void>((resolveListen) => server.listen(0, '127.0.0.1', resolveListen));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  await new Promise((resolveClose) => server.close(resolveClose));
});

describe('the gateway agent recording from its claim loop', () => {
  it('records while the claim answer says INPROGRESS, takes no run meanwhile, and finishes on PROCESSING', async () => {
    const agent = await startGatewayAgent({ platform: base, token: 'ga_test', chromiumPath: CHROMIUM, headless: true, claimMs: 100, recordingDebugPort: 0, log: () => undefined });
    try {
      await waitUntil(() => expect(platform.claims).toContain(true));
      platform.recording = { recordingId: RECORDING_ID, name: 'Recording test', status: 'INPROGRESS', nextSeq: 0 };
      const url = await vi.waitFor(async () => {
        const found = await agent.recordingDebugUrl();
        if (!found) throw new Error('no recording browser yet');
        return found;
      }, WAIT);
      const tester = await chromium.connectOverCDP(url);
      const page = tester.contexts()[0]?.pages()[0];
      if (!page) throw new Error('the recording browser has no page');
      await page.goto(`${base}/app`);
      await page.getByRole('button', { name: 'Go' }).click();
      await vi.waitFor(() => expect(platform.recording?.nextSeq).toBe(2), WAIT);
      platform.claims.length = 0;
      await vi.waitFor(() => expect(platform.claims.length).toBeGreaterThan(1), WAIT);
      expect(platform.claims.every((idle) => !idle)).toBe(true);

      platform.recording.status = 'PROCESSING';
      await vi.waitFor(() => expect(platform.recording?.status).toBe('COMPLETED'), WAIT);
      await tester.close();
      expect(platform.calls.map((call) => call.path)).toEqual([
        ...platform.calls.slice(0, -1).map(() => endpoints.gatewayAgents.recordingActions(RECORDING_ID)),
        endpoints.gatewayAgents.recordingFinish(RECORDING_ID),
      ]);
      const sent = platform.calls.flatMap((call) => (call.body as { actions?: unknown[] }).actions ?? []);
      expect(sent).toEqual([
        { seq: 0, action: 'open', stepName: `Open ${base}/app`, target: `${base}/app`, value: '' },
        { seq: 1, action: 'click', stepName: 'Click button "Go"', target: 'role=button[name="Go"]', value: '' },
      ]);
      platform.recording = null;
      platform.claims.length = 0;
      await vi.waitFor(() => expect(platform.claims).toContain(true), WAIT);
      expect(await agent.recordingDebugUrl()).toBeUndefined();
    } finally {
      await agent.close();
    }
  }, 120_000);
});
