import { startServer } from './app';
import { readServerOptions } from './options';

const server = await startServer(readServerOptions(process.env));
if (server.admin.created) {
  console.log(`Administrator email: ${server.admin.email}`);
  console.log(`Administrator password: ${server.admin.password}`);
} else {
  console.log('Administrator: existing account kept');
}
console.log(`Studio platform listening on ${server.url}`);

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
