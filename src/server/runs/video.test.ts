import { lstatSync, mkdirSync, mkdtempSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeExecutable } from '../testing/testServer';
import { expectedFfmpegPath, prepareVideoRecording } from './video';

/** The part of playwright-core's internal registry that says where recordVideo runs ffmpeg from. */
interface PlaywrightRegistryBundle {
  registry: { registry: { findExecutable(name: 'ffmpeg'): { executablePath(): string } } };
}

describe('video recording set-up', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'video-setup-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('computes the very path playwright-core runs ffmpeg from', () => {
    const bundle = createRequire(import.meta.url)('playwright-core/lib/coreBundle') as PlaywrightRegistryBundle;
    expect(expectedFfmpegPath()).toBe(bundle.registry.registry.findExecutable('ffmpeg').executablePath());
  });

  it('follows PLAYWRIGHT_BROWSERS_PATH and XDG_CACHE_HOME as playwright-core does', () => {
    expect(expectedFfmpegPath({ PLAYWRIGHT_BROWSERS_PATH: '/opt/pw' })).toMatch(/^\/opt\/pw\/ffmpeg-\d+\/ffmpeg-linux$/);
    expect(expectedFfmpegPath({ XDG_CACHE_HOME: '/cache' })).toMatch(/^\/cache\/ms-playwright\/ffmpeg-\d+\/ffmpeg-linux$/);
  });

  it('links the system ffmpeg where playwright-core looks, once, and keeps it', async () => {
    const env = { PLAYWRIGHT_BROWSERS_PATH: join(dir, 'registry'), FFMPEG_PATH: fakeExecutable(dir, 'ffmpeg') };
    expect(await prepareVideoRecording(env)).toBeNull();
    const target = expectedFfmpegPath(env);
    expect(readlinkSync(target)).toBe(env.FFMPEG_PATH);
    expect(await prepareVideoRecording(env)).toBeNull();
  });

  it('replaces a dangling link left by a removed ffmpeg', async () => {
    const env = { PLAYWRIGHT_BROWSERS_PATH: join(dir, 'registry'), FFMPEG_PATH: fakeExecutable(dir, 'ffmpeg') };
    const target = expectedFfmpegPath(env);
    mkdirSync(dirname(target), { recursive: true });
    symlinkSync(join(dir, 'gone'), target);
    expect(await prepareVideoRecording(env)).toBeNull();
    expect(readlinkSync(target)).toBe(env.FFMPEG_PATH);
  });

  it('says why when there is no ffmpeg to link, or the file in place cannot run', async () => {
    const env = { PLAYWRIGHT_BROWSERS_PATH: join(dir, 'registry'), FFMPEG_PATH: join(dir, 'missing') };
    const target = expectedFfmpegPath(env);
    expect(await prepareVideoRecording(env)).toBe(
      `ffmpeg is missing at ${target} and there is no executable ffmpeg at ${env.FFMPEG_PATH} to link there (install it: apt-get install ffmpeg)`,
    );
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, 'not a program');
    expect(await prepareVideoRecording(env)).toBe(
      `ffmpeg is not executable at ${target} and there is no executable ffmpeg at ${env.FFMPEG_PATH} to link there (install it: apt-get install ffmpeg)`,
    );
    expect(lstatSync(target).isSymbolicLink()).toBe(false);
  });
});
