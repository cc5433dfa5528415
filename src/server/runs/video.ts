import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { isExecutableFile } from '../resources/browserPool';

const browsersFileSchema = z.object({ browsers: z.array(z.object({ name: z.string(), revision: z.string() })) });

/** Where playwright-core looks for browsers (and ffmpeg) when PLAYWRIGHT_BROWSERS_PATH is not set, on Linux. */
const DEFAULT_BROWSERS_PATH = join(homedir(), '.cache', 'ms-playwright');

/** The ffmpeg binary playwright-core's recordVideo runs: $PLAYWRIGHT_BROWSERS_PATH/ffmpeg-<revision>/ffmpeg-linux. */
export function expectedFfmpegPath(env: NodeJS.ProcessEnv = process.env): string {
  const packageFile = createRequire(import.meta.url).resolve('playwright-core/package.json');
  const browsers = browsersFileSchema.parse(JSON.parse(readFileSync(join(dirname(packageFile), 'browsers.json'), 'utf8')));
  const ffmpeg = browsers.browsers.find((browser) => browser.name === 'ffmpeg');
  if (!ffmpeg) throw new Error('playwright-core lists no ffmpeg revision in browsers.json');
  const root = env.PLAYWRIGHT_BROWSERS_PATH?.trim() || DEFAULT_BROWSERS_PATH;
  return join(root, `ffmpeg-${ffmpeg.revision}`, 'ffmpeg-linux');
}

/** Null when video can be recorded here, else the reason it cannot (the run reports it, never silently). */
export async function videoUnavailableReason(env: NodeJS.ProcessEnv = process.env): Promise<string | null> {
  if (process.platform !== 'linux') return `recording is only set up for Linux (this is ${process.platform})`;
  let path: string;
  try {
    path = expectedFfmpegPath(env);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  if (await isExecutableFile(path)) return null;
  const problem = existsSync(path) ? 'is not executable' : 'is missing';
  return `ffmpeg ${problem} at ${path} (install ffmpeg, e.g. apt-get install ffmpeg, and link it there)`;
}
