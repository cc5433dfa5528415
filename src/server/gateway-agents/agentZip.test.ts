import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { DESKTOP_CLIENT_FILE } from '../clients/clientsFolder';
import { bundleAgent } from './agentBundle';
import { buildAgentZip } from './agentZip';

/** The Unix mode of each entry, read from the central directory's external attributes. */
function unixModes(data: Uint8Array): Map<string, number> {
  const modes = new Map<string, number>();
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  let end = data.length - 22;
  while (view.getUint32(end, true) !== 0x06054b50) end -= 1;
  let at = view.getUint32(end + 16, true);
  const count = view.getUint16(end + 10, true);
  for (let index = 0; index < count; index += 1) {
    const nameLength = view.getUint16(at + 28, true);
    const extra = view.getUint16(at + 30, true);
    const comment = view.getUint16(at + 32, true);
    const name = new TextDecoder().decode(data.subarray(at + 46, at + 46 + nameLength));
    modes.set(name, view.getUint32(at + 38, true) >>> 16);
    at += 46 + nameLength + extra + comment;
  }
  return modes;
}

const agentIn = (zip: Buffer): Uint8Array | undefined => unzipSync(zip, { filter: (entry) => entry.name === 'agent.mjs' })['agent.mjs'];

describe('the gateway agent zip', { timeout: 120_000 }, () => {
  let folder: string | undefined;
  let cacheDir: string | undefined;
  afterEach(async () => {
    for (const dir of [folder, cacheDir]) if (dir) await rm(dir, { recursive: true, force: true });
    folder = cacheDir = undefined;
  });

  it('holds the bundled agent, playwright-core, executable start scripts and a README, and is not rebuilt from unchanged sources', async () => {
    folder = await mkdtemp(join(tmpdir(), 'agent-zip-'));
    cacheDir = await mkdtemp(join(tmpdir(), 'agent-zip-cache-'));
    const file = await buildAgentZip(folder, { cacheDir });
    expect(file).toBe(join(folder, DESKTOP_CLIENT_FILE));
    const data = new Uint8Array(await readFile(file));
    const entries = unzipSync(data, { filter: (entry) => !entry.name.startsWith('node_modules/') || entry.name === 'node_modules/playwright-core/package.json' });
    expect(Object.keys(entries).sort()).toEqual(['README.txt', 'agent.mjs', 'node_modules/playwright-core/package.json', 'package.json', 'start.cmd', 'start.sh']);
    const text = (name: string) => new TextDecoder().decode(entries[name]);
    expect(text('start.sh')).toContain('exec node agent.mjs "$@"');
    expect(text('start.cmd')).toContain('node agent.mjs %*');
    expect(text('README.txt')).toContain('--platform https://your-platform --token ga_...');
    // playwright-core is a package beside the bundle, not inside it.
    expect(text('agent.mjs')).toMatch(/from ["']playwright-core["']/);
    expect(JSON.parse(text('node_modules/playwright-core/package.json'))).toMatchObject({ name: 'playwright-core' });
    expect((unixModes(data).get('start.sh') ?? 0) & 0o777).toBe(0o755);

    const built = (await stat(file)).mtimeMs;
    await buildAgentZip(folder, { cacheDir });
    expect((await stat(file)).mtimeMs).toBe(built);
  });

  it('gives a second data folder the zip built for the first, from the cache, without zipping again', async () => {
    folder = await mkdtemp(join(tmpdir(), 'agent-zip-'));
    cacheDir = await mkdtemp(join(tmpdir(), 'agent-zip-cache-'));
    const first = await readFile(await buildAgentZip(join(folder, 'first'), { cacheDir }));
    const [cached, ...others] = await readdir(cacheDir);
    expect(others).toEqual([]);
    const cachedAt = (await stat(join(cacheDir, cached ?? ''))).mtimeMs;

    const second = await readFile(await buildAgentZip(join(folder, 'second'), { cacheDir }));
    expect(Buffer.compare(second, first)).toBe(0);
    expect(await readdir(cacheDir)).toEqual([cached]);
    expect((await stat(join(cacheDir, cached ?? ''))).mtimeMs).toBe(cachedAt);
  });

  it('holds a prebuilt agent as it is, the same zip as one bundled from the sources, and a new one when the agent changes', async () => {
    folder = await mkdtemp(join(tmpdir(), 'agent-zip-'));
    cacheDir = await mkdtemp(join(tmpdir(), 'agent-zip-cache-'));
    // A real bundle, as the server bundle's build writes beside the server (src/server/bundle/serverBundle.ts).
    const prebuiltAgent = join(folder, 'agent.mjs');
    const agent = await bundleAgent();
    await writeFile(prebuiltAgent, agent);
    const prebuilt = join(folder, 'prebuilt');
    const zip = await readFile(await buildAgentZip(prebuilt, { prebuiltAgent, cacheDir }));
    expect(Buffer.compare(agentIn(zip) ?? new Uint8Array(), agent)).toBe(0);
    const stamp = await readFile(join(prebuilt, `${DESKTOP_CLIENT_FILE}.stamp`), 'utf8');

    // The stamp is of what the zip holds, not of how agent.mjs was made: a server running from the sources shares it.
    const sources = join(folder, 'sources');
    await buildAgentZip(sources, { cacheDir });
    expect(await readFile(join(sources, `${DESKTOP_CLIENT_FILE}.stamp`), 'utf8')).toBe(stamp);
    expect(await readdir(cacheDir)).toEqual([`${stamp}.zip`]);

    // Same size, so only the bytes tell the two apart.
    const changed = Buffer.from(agent);
    changed[changed.length - 1] = changed[changed.length - 1] === 0x0a ? 0x20 : 0x0a;
    await writeFile(prebuiltAgent, changed);
    const rebuilt = await readFile(await buildAgentZip(prebuilt, { prebuiltAgent, cacheDir }));
    const newStamp = await readFile(join(prebuilt, `${DESKTOP_CLIENT_FILE}.stamp`), 'utf8');
    expect(newStamp).not.toBe(stamp);
    expect(Buffer.compare(agentIn(rebuilt) ?? new Uint8Array(), changed)).toBe(0);
    expect((await readdir(cacheDir)).sort()).toEqual([`${stamp}.zip`, `${newStamp}.zip`].sort());
  });
});
