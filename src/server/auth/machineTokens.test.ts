import { afterEach, describe, expect, it } from 'vitest';
import { GATEWAY_AGENT_MESSAGES } from '../../shared/contracts/gateway-agents';
import { REMOTE_BROWSER_MESSAGES } from '../../shared/contracts/remote-browsers';
import { endpoints } from '../../shared/endpoints';
import { startTestServer, type TestServer } from '../testing/testServer';

describe('machine tokens (gateway agents, remote browsers)', { timeout: 60_000 }, () => {
  let t: TestServer;
  afterEach(() => t.close());

  const heartbeat = (path: string, token: string) =>
    t.request(path, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{}' });

  it('refuses a user token on an agent endpoint, and after 20 wrong tokens from one address asks it to wait, per kind of machine', async () => {
    t = await startTestServer();
    const userToken = await t.tokenFor(await t.createUser(['STUDIO']));
    const refused = await heartbeat(endpoints.gatewayAgents.heartbeat, userToken);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toBe('Bearer');
    expect(await refused.json()).toMatchObject({ message: GATEWAY_AGENT_MESSAGES.unauthorized });

    for (let attempt = 2; attempt <= 20; attempt += 1) expect((await heartbeat(endpoints.gatewayAgents.heartbeat, `ga_wrong${attempt}`)).status).toBe(401);
    const limited = await heartbeat(endpoints.gatewayAgents.heartbeat, 'ga_wrong21');
    expect(limited.status).toBe(429);
    const wait = Number(limited.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(await limited.json()).toMatchObject({ message: GATEWAY_AGENT_MESSAGES.tooMany(wait) });

    // Remote browsers count their wrong tokens apart.
    const otherKind = await heartbeat(endpoints.devices.remoteBrowserHeartbeat, 'wrong');
    expect(otherKind.status).toBe(401);
    expect(await otherKind.json()).toMatchObject({ message: REMOTE_BROWSER_MESSAGES.unauthorized });
  });
});
