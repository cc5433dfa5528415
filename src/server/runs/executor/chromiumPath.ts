import { existsSync } from 'node:fs';

/** Debian's Chromium (`apt-get install -y chromium`). */
export const CHROMIUM_BROWSER_PATH = '/usr/bin/chromium';
/** Debian's Chromium headless shell (`apt-get install -y chromium-headless-shell`). */
export const CHROMIUM_HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';

/**
 * The Chromium that runs pages headless (the server's browser resources, and the tests' pages): CHROMIUM_PATH when
 * set; else the headless shell when installed, which is the same Blink and V8 as Chromium without the full browser
 * around them (Playwright's own default for headless pages) and costs less CPU per page; else Chromium itself.
 */
export function headlessChromiumPath(env: NodeJS.ProcessEnv = process.env, installed: (path: string) => boolean = existsSync): string {
  const configured = env.CHROMIUM_PATH?.trim();
  if (configured) return configured;
  return installed(CHROMIUM_HEADLESS_SHELL_PATH) ? CHROMIUM_HEADLESS_SHELL_PATH : CHROMIUM_BROWSER_PATH;
}
