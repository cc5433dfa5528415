/** npm run build:server, the second step of npm run build (after vite build): the bundle npm run serve starts. */
import { relative } from 'node:path';
import { PROJECT_ROOT } from '../projectRoot';
import { buildServerBundle } from './serverBundle';

process.stdout.write(`Server bundle written to ${relative(PROJECT_ROOT, await buildServerBundle())}\n`);
