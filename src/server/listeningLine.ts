/**
 * The server's start line, which `npm start` prints and which everything that spawns a server waits for: written and
 * read here only, so a change to its wording cannot leave a reader waiting for a line that never comes.
 */
import { APP_BASE_PATH } from '../shared/endpoints';

const PREFIX = 'Studio platform listening on ';
const LISTENING = new RegExp(`^${PREFIX}(https?://[^/\\s]+)${APP_BASE_PATH}/$`);

/** The message of the log entry a server writes once it accepts connections at `url` (its app's address). */
export function listeningMessage(url: string): string {
  return `${PREFIX}${url}`;
}

/** The origin a log line announces the server listening at, or undefined for any other line (JSON or not). */
export function listeningOriginOf(logLine: string): string | undefined {
  if (!logLine.startsWith('{')) return undefined;
  try {
    const { msg } = JSON.parse(logLine) as { msg?: unknown };
    return typeof msg === 'string' ? LISTENING.exec(msg)?.[1] : undefined;
  } catch {
    return undefined;
  }
}
