/** Debian's Chromium (`apt-get install -y chromium`): where browser resources run pages unless told otherwise. */
export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

/** The Chromium executable a server or a browser agent runs pages in: CHROMIUM_PATH when set, else Debian's Chromium. */
export function chromiumPathFrom(env: NodeJS.ProcessEnv): string {
  return env.CHROMIUM_PATH?.trim() || DEFAULT_CHROMIUM_PATH;
}
