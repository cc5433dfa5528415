import { join } from 'node:path';

/** The DESKTOP client's file: the gateway agent zip, built into the clients folder by the platform. */
export const DESKTOP_CLIENT_FILE = 'gateway-agent.zip';

/**
 * Where downloadable clients live (under ARTIFACTS_DIR, by default DATA_DIR, beside artifacts/ and exports/):
 * GET /clients/{fileName} serves only files directly in this folder.
 */
export function clientsFolder(filesDir: string): string {
  return join(filesDir, 'clients');
}
