import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../shared/contracts/errors';
import {
  deriveIosBundleId,
  IOS_BUILDER_MESSAGES,
  iosBuildListResponseSchema,
  iosBuildStartResponseSchema,
  type IosBuild,
} from '../../../shared/contracts/ios-builder';
import { endpoints } from '../../../shared/endpoints';
import { iosTestMaterial, makeIdentity, p12Bytes, profileBytes, TEST_TEAM_ID, type IosTestMaterial } from '../../testing/iosMaterial';
import { anotherOrganization } from '../../testing/otherOrganization';
import { startTestServer, type TestServer } from '../../testing/testServer';
import { BUNDLE_ENTRIES } from '../bundle';
import { insertCreatingBuild, updateBuild } from '../repository';

interface StartForm {
  profile?: { name: string; bytes: Uint8Array } | undefined;
  certificate?: { name: string; bytes: Uint8Array } | undefined;
  password?: string | undefined;
  bundleId?: string | undefined;
}

const SETTLE_TIMEOUT_MS = 10_000;

describe('iOS gateway client builder', () => {
  let t: TestServer;
  let token: string;
  let material: IosTestMaterial;
  let orgId: string;

  beforeAll(async () => {
    t = await startTestServer();
    token = await t.tokenFor(await t.createUser(['STUDIO']));
    material = iosTestMaterial();
    orgId = (await t.server.services.db.selectFrom('users').select('org_id').where('user_id', '=', t.admin.email).executeTakeFirstOrThrow()).org_id;
  });
  afterAll(async () => t.close());

  const valid = (): StartForm => ({
    profile: { name: 'Gateway.mobileprovision', bytes: material.profile },
    certificate: { name: 'identity.p12', bytes: material.p12 },
    password: material.password,
    bundleId: 'acme',
  });

  function start(form: StartForm, as = token): Promise<Response> {
    const body = new FormData();
    if (form.profile) body.set('provisionProfile', new File([Buffer.from(form.profile.bytes)], form.profile.name));
    if (form.certificate) body.set('signingCertificate', new File([Buffer.from(form.certificate.bytes)], form.certificate.name));
    if (form.password !== undefined) body.set('password', form.password);
    if (form.bundleId !== undefined) body.set('bundleId', form.bundleId);
    return t.request(endpoints.iosBuilder.start, { method: 'POST', token: as, body });
  }

  async function latest(as = token): Promise<IosBuild | null> {
    const response = await t.request(endpoints.iosBuilder.list, { token: as });
    expect(response.status).toBe(200);
    return iosBuildListResponseSchema.parse(await response.json()).data;
  }

  /** Starts a build and polls the list until it leaves CREATING. */
  async function settle(form: StartForm): Promise<IosBuild> {
    const response = await start(form);
    expect(response.status, await response.clone().text()).toBe(202);
    const started = iosBuildStartResponseSchema.parse(await response.json()).data;
    expect(started).toMatchObject({ Status: 'CREATING', currentProgress: 10, URL: null, derivedBundleId: deriveIosBundleId(form.bundleId ?? '') });
    const deadline = Date.now() + SETTLE_TIMEOUT_MS;
    for (;;) {
      const build = await latest();
      expect(build?.id).toBe(started.id);
      if (build && build.Status !== 'CREATING') return build;
      if (Date.now() > deadline) throw new Error('The build stayed CREATING');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async function errorOf(response: Response, status: number) {
    expect(response.status).toBe(status);
    return errorBodySchema.parse(await response.json());
  }

  it('builds an archive from valid material and serves it to the organization only', async () => {
    expect(await latest()).toBeNull();
    const build = await settle(valid());
    expect(build).toMatchObject({
      Status: 'FINISHED',
      currentProgress: 100,
      derivedBundleId: 'com.acme.StudioXCTInjector',
      fileName: 'com.acme.StudioXCTInjector.zip',
      teamId: TEST_TEAM_ID,
      URL: endpoints.iosBuilder.download(build.id),
    });

    const download = await t.request(build.URL ?? '', { token });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/zip');
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="com.acme.StudioXCTInjector.zip"');
    const entries = unzipSync(new Uint8Array(await download.arrayBuffer()));
    const folder = 'com.acme.StudioXCTInjector/';
    expect(Object.keys(entries).filter((name) => !name.endsWith('/')).sort()).toEqual(Object.values(BUNDLE_ENTRIES).map((name) => `${folder}${name}`).sort());
    expect(entries[`${folder}${BUNDLE_ENTRIES.profile}`]).toEqual(material.profile);
    expect(entries[`${folder}${BUNDLE_ENTRIES.identity}`]).toEqual(material.p12);
    expect(entries[`${folder}${BUNDLE_ENTRIES.certificate}`]).toEqual(material.identity.der);
    const config = JSON.parse(strFromU8(entries[`${folder}${BUNDLE_ENTRIES.config}`] ?? new Uint8Array())) as Record<string, unknown>;
    expect(config).toMatchObject({ bundleId: 'com.acme.StudioXCTInjector', teamId: TEST_TEAM_ID, appIdPattern: '*', platformUrl: t.baseUrl });
    const script = strFromU8(entries[`${folder}${BUNDLE_ENTRIES.script}`] ?? new Uint8Array());
    expect(script).toContain("BUNDLE_ID='com.acme.StudioXCTInjector'");
    expect(script).toContain(`TEAM_ID='${TEST_TEAM_ID}'`);
    expect(script).toMatch(/xcodebuild build-for-testing/);
    expect(script).toMatch(/codesign --verify/);
    expect(script).toMatch(/NEEDS macOS WITH XCODE/);
    // The password is never written anywhere.
    for (const bytes of Object.values(entries)) expect(Buffer.from(bytes).includes(material.password)).toBe(false);

    const other = await anotherOrganization(t, ['STUDIO']);
    expect(await latest(other.token)).toBeNull();
    expect((await errorOf(await t.request(build.URL ?? '', { token: other.token }), 404)).message).toBe(IOS_BUILDER_MESSAGES.notFound);
  });

  it('fails a build whose .p12 password is wrong, with a clear Description', async () => {
    const build = await settle({ ...valid(), password: 'not-the-password' });
    expect(build).toMatchObject({ Status: 'FAILED', Description: IOS_BUILDER_MESSAGES.wrongPassword, URL: null });
    expect((await errorOf(await t.request(endpoints.iosBuilder.download(build.id), { token }), 404)).message).toBe(IOS_BUILDER_MESSAGES.notFound);
  });

  it('fails a build whose certificate the profile does not list', async () => {
    const build = await settle({ ...valid(), profile: { name: 'other.mobileprovision', bytes: material.otherProfile } });
    expect(build).toMatchObject({ Status: 'FAILED', Description: IOS_BUILDER_MESSAGES.certificateMismatch });
  });

  it('fails an expired profile, an expired certificate and an app id that does not cover the bundle id', async () => {
    const expiredAt = new Date('2024-03-01T00:00:00Z');
    const expiredProfile = profileBytes({ developerCertificates: [material.identity.der], signer: material.identity, expiresAt: expiredAt });
    expect(await settle({ ...valid(), profile: { name: 'old.mobileprovision', bytes: expiredProfile } })).toMatchObject({
      Status: 'FAILED',
      Description: IOS_BUILDER_MESSAGES.profileExpired('2024-03-01'),
    });

    const narrowProfile = profileBytes({ developerCertificates: [material.identity.der], signer: material.identity, appIdPattern: 'com.other.*' });
    expect(await settle({ ...valid(), profile: { name: 'narrow.mobileprovision', bytes: narrowProfile } })).toMatchObject({
      Status: 'FAILED',
      Description: IOS_BUILDER_MESSAGES.appIdMismatch('com.other.*', 'com.acme.StudioXCTInjector'),
    });

    const old = makeIdentity({ notBefore: new Date('2023-01-01T00:00:00Z'), notAfter: new Date('2024-01-01T00:00:00Z') });
    const oldProfile = profileBytes({ developerCertificates: [old.der], signer: old });
    expect(
      await settle({ ...valid(), profile: { name: 'p.mobileprovision', bytes: oldProfile }, certificate: { name: 'old.p12', bytes: p12Bytes(old, 'pw') }, password: 'pw' }),
    ).toMatchObject({ Status: 'FAILED', Description: IOS_BUILDER_MESSAGES.certificateExpired('2024-01-01') });
  });

  it('fails material that is not what its name says', async () => {
    expect(await settle({ ...valid(), profile: { name: 'fake.mobileprovision', bytes: material.p12 } })).toMatchObject({
      Status: 'FAILED',
      Description: IOS_BUILDER_MESSAGES.profileUnreadable,
    });
    expect(await settle({ ...valid(), certificate: { name: 'fake.p12', bytes: new TextEncoder().encode('not a p12') } })).toMatchObject({
      Status: 'FAILED',
      Description: IOS_BUILDER_MESSAGES.certificateUnreadable,
    });
  });

  it('answers 400 with the field at fault for missing fields and wrong file types, and starts nothing', async () => {
    const before = await latest();
    const missing = await errorOf(await start({}), 400);
    expect(missing.message).toBe(IOS_BUILDER_MESSAGES.allRequired);
    expect(missing.fieldErrors).toEqual({
      provisionProfile: [IOS_BUILDER_MESSAGES.allRequired],
      signingCertificate: [IOS_BUILDER_MESSAGES.allRequired],
      password: [IOS_BUILDER_MESSAGES.allRequired],
      bundleId: [IOS_BUILDER_MESSAGES.allRequired],
    });
    const blank = await errorOf(await start({ ...valid(), bundleId: '   ', password: '' }), 400);
    expect(blank.fieldErrors).toEqual({ password: [IOS_BUILDER_MESSAGES.allRequired], bundleId: [IOS_BUILDER_MESSAGES.allRequired] });

    const types = await errorOf(
      await start({ ...valid(), profile: { name: 'profile.plist', bytes: material.profile }, certificate: { name: 'identity.pem', bytes: material.p12 } }),
      400,
    );
    expect(types.fieldErrors).toEqual({ provisionProfile: [IOS_BUILDER_MESSAGES.profileType], signingCertificate: [IOS_BUILDER_MESSAGES.certificateType] });

    const pattern = await errorOf(await start({ ...valid(), bundleId: 'acme; rm -rf /' }), 400);
    expect(pattern.fieldErrors).toEqual({ bundleId: [IOS_BUILDER_MESSAGES.bundleIdPattern] });

    const json = await t.request(endpoints.iosBuilder.start, { method: 'POST', token, headers: { 'content-type': 'application/json' }, body: '{}' });
    // Not a form at all: refused before the handler, as every multipart route refuses it.
    await errorOf(json, 415);
    expect((await latest())?.id).toBe(before?.id);
  });

  it('answers 409 while a build of the organization is CREATING, and lets another organization build', async () => {
    const db = t.server.services.db;
    const creating = await insertCreatingBuild(db, { orgId, userId: 'someone', bundleId: 'busy', derivedBundleId: deriveIosBundleId('busy') });
    expect(creating).toBeDefined();
    try {
      expect((await latest())?.Status).toBe('CREATING');
      expect((await errorOf(await start(valid()), 409)).message).toBe(IOS_BUILDER_MESSAGES.underway);
      const other = await anotherOrganization(t, ['RTA_MANAGEMENT']);
      expect((await start(valid(), other.token)).status).toBe(202);
    } finally {
      await updateBuild(db, creating?.id ?? '', { status: 'FAILED', description: 'test over' });
    }
  });

  it('refuses callers without STUDIO or RTA_MANAGEMENT', async () => {
    const outsider = await t.tokenFor(await t.createUser(['CONTROL_ROOM']));
    expect((await t.request(endpoints.iosBuilder.list, { token: outsider })).status).toBe(403);
    expect((await start(valid(), outsider)).status).toBe(403);
  });
});
