import { parseArgs } from 'node:util';
import { log } from '../../logs/logger';
import { startBrowserAgent } from './browserAgent';
import { chromiumPathFrom, DEFAULT_CHROMIUM_PATH } from '../../runs/executor/chromiumPath';

const usage = `Usage: npm run resource -- --platform URL --token TOKEN [--name NAME] [--host 0.0.0.0] [--port 0] [--advertise HOSTNAME]
  --platform   the platform's address, e.g. https://studio.example.com
  --token      the token Resource Management showed when the remote browser was added (or RESOURCE_TOKEN)
  --name       the name the resource shows
  --host       where the browser server listens (default 0.0.0.0: reachable from other machines)
  --port       its port (default: any free one)
  --advertise  the host name the platform reaches this machine by (default: the address in --host)
Chromium: CHROMIUM_PATH, default ${DEFAULT_CHROMIUM_PATH}.`;

/** The reason is a log line; the usage is help for the person at the terminal, on standard error as it is. */
function fail(message: string): never {
  log().fatal(message);
  process.stderr.write(`${usage}\n`);
  process.exit(2);
}

const { values } = parseArgs({
  options: {
    platform: { type: 'string' },
    token: { type: 'string' },
    name: { type: 'string' },
    host: { type: 'string', default: '0.0.0.0' },
    port: { type: 'string', default: '0' },
    advertise: { type: 'string' },
  },
  strict: true,
});

const platform = values.platform ?? fail('--platform is required');
if (!/^https?:\/\//.test(platform)) fail(`--platform must be an http:// or https:// address, got "${platform}"`);
const token = values.token ?? process.env.RESOURCE_TOKEN ?? fail('--token (or RESOURCE_TOKEN) is required');
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port must be a port number, got "${values.port}"`);

try {
  const agent = await startBrowserAgent({
    platform,
    token,
    name: values.name,
    host: values.host,
    port,
    advertise: values.advertise,
    chromiumPath: chromiumPathFrom(process.env),
    onRevoked: () => process.exit(1),
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void agent.close().then(() => process.exit(0));
    });
  }
} catch (error) {
  log().fatal({ err: error }, 'The remote browser could not start');
  process.exit(1);
}
