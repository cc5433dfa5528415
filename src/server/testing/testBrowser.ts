import { existsSync } from 'node:fs';
import { chromiumPathFrom } from '../runs/executor/chromiumPath';

/** The Chromium a user's server runs browser resources in, as the server reads it (options.ts). */
export const CHROMIUM_PATH = chromiumPathFrom(process.env);
const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';

/**
 * The browser the tests launch themselves: the e2e tests' pages, and the runs of the server tests' own servers.
 * Debian's chromium-headless-shell when it is installed: the same Blink and V8 as Chromium (and Playwright's own
 * default for headless pages) without the full browser around them, so the same pages cost less CPU. Else Chromium
 * itself; TEST_BROWSER_PATH names another. A server started as `npm start` starts it (main.test, the e2e servers'
 * pools) keeps CHROMIUM_PATH, as a user's installation does.
 */
export const TEST_BROWSER_PATH = process.env.TEST_BROWSER_PATH ?? (existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH);
