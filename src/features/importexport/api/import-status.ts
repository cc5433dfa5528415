import { queryOptions } from '@tanstack/react-query';
import { statusProcessesQuery } from '../../../lib/status-processes';
import { isImportProcess } from '../../../shared/contracts/importexport';

/** The caller's IMPORT processes of the shared getStatus poll (the recording feature reads the RECORDING ones). */
export const importStatusQuery = () => queryOptions({ ...statusProcessesQuery(), select: (processes) => processes.filter(isImportProcess) });
