import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { CHROMIUM_ARGS } from '../server/runs/executor/browserExecutor';

/** Where Chromium or Chrome usually lives, per operating system, after CHROMIUM_PATH. */
function usualPaths(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): string[] {
  if (platform === 'darwin') {
    return ['/Applications/Google Chrome.app/Contents/MacOS/Google Chrome', '/Applications/Chromium.app/Contents/MacOS/Chromium'];
  }
  if (platform === 'win32') {
    const roots = [env.PROGRAMFILES, env['PROGRAMFILES(X86)'], env.LOCALAPPDATA].filter((root): root is string => Boolean(root));
    return roots.map((root) => join(root, 'Google', 'Chrome', 'Application', 'chrome.exe'));
  }
  return ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable', '/snap/bin/chromium'];
}

/** The browser the agent drives: CHROMIUM_PATH when set, else the first usual install found; undefined when none. */
export async function findChromium(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): Promise<string | undefined> {
  const configured = env.CHROMIUM_PATH?.trim();
  if (configured) return configured;
  for (const candidate of usualPaths(env, platform)) {
    try {
      await access(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not installed there.
    }
  }
  return undefined;
}

/** Headed when the tester can see it: a Linux machine needs a display server, other systems always have one. */
export function hasDisplay(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): boolean {
  if (platform !== 'linux') return true;
  return Boolean(env.DISPLAY?.trim() || env.WAYLAND_DISPLAY?.trim());
}

/** The platform's Chromium flags, without --headless when the tester should see the window. */
export function chromiumArgs(headless: boolean): string[] {
  return headless ? [...CHROMIUM_ARGS] : CHROMIUM_ARGS.filter((arg) => arg !== '--headless');
}
