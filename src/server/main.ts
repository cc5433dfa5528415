import { startServer } from './app';
import { readServerOptions, type ServerOptions } from './options';
import { clientsFolder } from './clients/clientsFolder';
import { buildAgentZipLater } from './gateway-agents/agentZip';
import { log } from './logs/logger';
import { listeningMessage } from './listeningLine';

let options: ServerOptions;
try {
  options = readServerOptions(process.env);
} catch (error) {
  // A wrong setting (LOG_LEVEL, PORT, DATABASE_URL...) stops the start with one line naming it.
  log().fatal({ error: error instanceof Error ? error.message : String(error) }, 'The server cannot start: invalid configuration');
  process.exit(1);
}

const server = await startServer(options);
const logger = server.services.logger;
if (server.admin.created) {
  // Printed once, on the first start, so the operator can sign in; a password set in STUDIO_ADMIN_PASSWORD is not repeated.
  const generated = options.adminPassword === undefined ? { generatedPassword: server.admin.password } : {};
  logger.info({ email: server.admin.email, ...generated }, 'Administrator created');
} else {
  logger.info('Administrator: existing account kept');
}
logger.info({ url: server.url }, listeningMessage(server.url));
// The desktop client download: built once in the background, off the start's path.
buildAgentZipLater(clientsFolder(server.services.filesDir));

let closing = false;
async function shutdown(signal: NodeJS.Signals): Promise<void> {
  if (closing) return;
  closing = true;
  logger.info({ signal }, 'Closing');
  await server.close();
  process.exit(0);
}
process.on('SIGINT', (signal) => void shutdown(signal));
process.on('SIGTERM', (signal) => void shutdown(signal));
