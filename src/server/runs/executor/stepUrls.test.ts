import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunDetails } from '../../../shared/contracts/runs';
import { browserCollection, CHROMIUM, saveCollection, startRunServers, trigger, waitForRun, type RunServers } from '../../testing/runFixtures';
import { refusalOf } from './stepUrls';

describe('the URLs run steps may reach', () => {
  it('refuses link-local and metadata addresses and the server’s own files, and leaves the rest to the step', async () => {
    expect(await refusalOf('http://169.254.169.254/latest/meta-data/')).toMatch(/always refused/);
    expect(await refusalOf('http://[fd00:ec2::254]/')).toMatch(/always refused/);
    expect(await refusalOf('https://[::ffff:169.254.169.254]/')).toMatch(/always refused/);
    expect(await refusalOf('file:///etc/passwd')).toBe('Steps open http and https addresses only, not file: (file:///etc/passwd)');
    expect(await refusalOf('about:blank')).toBeNull();
    expect(await refusalOf('http://127.0.0.1:1/nothing-here')).toBeNull();
    // A name that does not resolve is the browser's to report.
    expect(await refusalOf('http://no-such-host.invalid/')).toBeNull();
  });
});

/** A loopback page server whose paths redirect: to a link-local address, and to its own JSON answer. */
async function redirectingServer(): Promise<{ origin: string; hits: string[]; close: () => Promise<void> }> {
  const hits: string[] = [];
  const server: Server = createServer((request, response) => {
    hits.push(request.url ?? '');
    if (request.url === '/to-link-local') response.writeHead(302, { location: 'http://169.254.0.1/latest/' }).end();
    else if (request.url === '/to-ping') response.writeHead(303, { location: '/ping' }).end();
    else response.writeHead(200, { 'content-type': 'application/json' }).end('{"pong":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe.skipIf(!existsSync(CHROMIUM))('run steps against link-local addresses, in real Chromium', { timeout: 90_000 }, () => {
  let servers: RunServers;
  let site: Awaited<ReturnType<typeof redirectingServer>>;
  let details: RunDetails;

  beforeAll(async () => {
    [servers, site] = await Promise.all([startRunServers(['STUDIO'], { browserPoolSize: 1 }), redirectingServer()]);
  });
  afterAll(async () => {
    await servers.close();
    await site.close();
  });

  const one = (testCaseId: string, action: string, value: string) => ({ testCaseId, steps: [{ stepId: testCaseId, action, ...(action === 'httpRequest' ? { target: value } : { value }) }] });
  const stepOf = (flow: string) => details.testCaseDetails.find((candidate) => candidate.testCaseName === flow)?.testCaseDetailByLoop[0]?.steps[0];

  it('runs a collection whose steps aim at link-local addresses, a file and redirects', async () => {
    const { t, token } = servers;
    const collectionId = await saveCollection(
      t,
      token,
      browserCollection({
        flows: [
          one('open-metadata', 'open', 'http://169.254.169.254/latest/meta-data/'),
          one('open-redirect', 'open', `${site.origin}/to-link-local`),
          one('http-redirect', 'httpRequest', `GET ${site.origin}/to-link-local`),
          one('http-metadata', 'httpRequest', 'GET http://[fd00:ec2::254]/latest/'),
          one('http-follows', 'httpRequest', `POST ${site.origin}/to-ping`),
        ],
      }),
    );
    details = await waitForRun(t, token, await trigger(t, token, collectionId), undefined, 60_000);
    expect(details.testStatus).toBe('FAILED');
  });

  it('fails Open URL on a metadata address before the browser goes there, and a file: address is refused on save', async () => {
    expect(stepOf('open-metadata')).toMatchObject({ result: 'FAILED', errorDetail: expect.stringMatching(/^The server does not connect to 169\.254\.169\.254:80: .*always refused/) });
    // The collection contract refuses a file: URL before any run; the run's own check (refusalOf, above) is for an
    // address that only a variable's value makes.
    const withFile = browserCollection({ flows: [one('open-file', 'open', 'file:///etc/passwd')] });
    await expect(saveCollection(servers.t, servers.token, withFile)).rejects.toThrow(/saveTest answered 400: .*Start the URL with http/);
  });

  it("leaves a page's own redirect to a link-local address unresolvable in the browser", () => {
    expect(stepOf('open-redirect')).toMatchObject({ result: 'FAILED', errorDetail: expect.stringContaining('ERR_NAME_NOT_RESOLVED') });
  });

  it('checks every redirect of an HTTP step, and still follows the allowed ones', () => {
    expect(stepOf('http-redirect')).toMatchObject({ result: 'FAILED', errorDetail: expect.stringMatching(/^The server does not connect to 169\.254\.0\.1:80: .*always refused/) });
    expect(stepOf('http-metadata')).toMatchObject({ result: 'FAILED', errorDetail: expect.stringContaining('always refused') });
    // 303 after a POST continues as a GET, as a browser does.
    expect(stepOf('http-follows')).toMatchObject({ result: 'PASSED', validationResult: 'HTTP 200 OK' });
    expect(site.hits.filter((path) => path === '/ping')).toHaveLength(1);
  });
});
