import { registerDownloadIosBuild } from './downloadIosBuild';
import { registerListIosBuilds } from './listIosBuilds';
import { registerStartIosBuild } from './startIosBuild';

/** Every iOS builder route (issue 18), in one list so registerApiRoutes takes the area with one line. */
export const iosBuilderRegistrations = [registerListIosBuilds, registerStartIosBuild, registerDownloadIosBuild];
