/** npm run restore -- --from DIR (README, Backup and restore). */
import { restoreCommand } from './commands';

process.exit(await restoreCommand(process.argv.slice(2), process.env));
