import { existsSync, readFileSync } from 'node:fs';
import { lstat, mkdir, symlink, unlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { z } from 'zod';
import { isExecutableFile } from '../resources/browserPool';

const browsersFileSchema = z.object({ browsers: z.array(z.object({ name: z.string(), revision: z.string() })) });

/** Debian's ffmpeg (apt-get install ffmpeg); FFMPEG_PATH names another build. */
export const DEFAULT_SYSTEM_FFMPEG = '/usr/bin/ffmpeg';

export function systemFfmpegPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.FFMPEG_PATH?.trim() || DEFAULT_SYSTEM_FFMPEG;
}

/** playwright-core's own registry folder on Linux, computed as its registry does (PLAYWRIGHT_BROWSERS_PATH, XDG cache). */
function playwrightRegistryDirectory(packageRoot: string, env: NodeJS.ProcessEnv): string {
  const configured = env.PLAYWRIGHT_BROWSERS_PATH;
  if (configured === '0') return join(packageRoot, '.local-browsers');
  if (configured) return isAbsolute(configured) ? configured : resolve(env.INIT_CWD || process.cwd(), configured);
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'ms-playwright');
}

/** The ffmpeg binary playwright-core's recordVideo runs: <registry>/ffmpeg-<revision>/ffmpeg-linux. */
export function expectedFfmpegPath(env: NodeJS.ProcessEnv = process.env): string {
  const packageRoot = dirname(createRequire(import.meta.url).resolve('playwright-core/package.json'));
  const browsers = browsersFileSchema.parse(JSON.parse(readFileSync(join(packageRoot, 'browsers.json'), 'utf8')));
  const ffmpeg = browsers.browsers.find((browser) => browser.name === 'ffmpeg');
  if (!ffmpeg) throw new Error('playwright-core lists no ffmpeg revision in browsers.json');
  return join(playwrightRegistryDirectory(packageRoot, env), `ffmpeg-${ffmpeg.revision}`, 'ffmpeg-linux');
}

const firstLine = (error: unknown): string => (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';

/**
 * Links the system ffmpeg where playwright-core looks for its own build. A dangling link left by an uninstalled
 * ffmpeg is replaced; a real file there is never touched. Two runs linking at once is harmless (EEXIST).
 */
async function linkSystemFfmpeg(target: string, systemFfmpeg: string): Promise<void> {
  await mkdir(dirname(target), { recursive: true });
  const existing = await lstat(target).catch(() => null);
  if (existing?.isSymbolicLink() && !existsSync(target)) await unlink(target);
  try {
    await symlink(systemFfmpeg, target);
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
  }
}

/**
 * Makes video recordable here if it can be: when playwright-core's ffmpeg is missing and the system has one, links it
 * into place. Null when video can be recorded, else the reason it cannot (the run reports it, never silently).
 */
export async function prepareVideoRecording(env: NodeJS.ProcessEnv = process.env): Promise<string | null> {
  if (process.platform !== 'linux') return `recording is only set up for Linux (this is ${process.platform})`;
  let target: string;
  try {
    target = expectedFfmpegPath(env);
  } catch (error) {
    return firstLine(error);
  }
  if (await isExecutableFile(target)) return null;
  const systemFfmpeg = systemFfmpegPath(env);
  if (!(await isExecutableFile(systemFfmpeg))) {
    const problem = existsSync(target) ? 'is not executable' : 'is missing';
    return `ffmpeg ${problem} at ${target} and there is no executable ffmpeg at ${systemFfmpeg} to link there (install it: apt-get install ffmpeg)`;
  }
  try {
    await linkSystemFfmpeg(target, systemFfmpeg);
  } catch (error) {
    return `ffmpeg ${systemFfmpeg} could not be linked to ${target}: ${firstLine(error)}`;
  }
  return (await isExecutableFile(target)) ? null : `ffmpeg at ${target} is not executable`;
}
