import { startServer } from './app';
import { readServerOptions } from './options';
import { clientsFolder } from './clients/clientsFolder';
import { buildAgentZipLater } from './gateway-agents/agentZip';

const server = await startServer(readServerOptions(process.env));
if (server.admin.created) {
  console.log(`Administrator email: ${server.admin.email}`);
  console.log(`Administrator password: ${server.admin.password}`);
} else {
  console.log('Administrator: existing account kept');
}
console.log(`Studio platform listening on ${server.url}`);
// The desktop client download: built once in the background, off the start's path.
buildAgentZipLater(clientsFolder(server.services.filesDir));

let closing = false;
async function shutdown(signal: NodeJS.Signals): Promise<void> {
  if (closing) return;
  closing = true;
  console.log(`${signal} received, closing`);
  await server.close();
  process.exit(0);
}
process.on('SIGINT', (signal) => void shutdown(signal));
process.on('SIGTERM', (signal) => void shutdown(signal));
