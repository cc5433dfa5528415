import { registerDownloadClient } from './downloadClient';
import { registerGetClientFile } from './getClientFile';
import { registerGetClientUrl } from './getClientUrl';
import { registerProbeDeviceControl } from './probeDeviceControl';
import { registerEmbeddedPages } from '../embeddedPages';

/** The client calls, the device control probe and the embedded explanation pages, in one list for registerApiRoutes. */
export const clientsRegistrations = [registerGetClientUrl, registerDownloadClient, registerGetClientFile, registerProbeDeviceControl, registerEmbeddedPages];
