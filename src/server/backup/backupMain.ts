/** npm run backup -- --to DIR (README, Backup and restore). */
import { backupCommand } from './commands';

process.exit(await backupCommand(process.argv.slice(2), process.env));
