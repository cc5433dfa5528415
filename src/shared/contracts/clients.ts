import { z } from 'zod';

/**
 * The client download page's calls (spec part 3 §2 Client download page, §7, §8) and the device control probe
 * (part 1 §2). The DESKTOP client is the gateway agent zip; an .exe is out of scope, so exeDownloadUrl is null.
 */

export const CLIENT_TYPES = ['DESKTOP'] as const;
export type ClientType = (typeof CLIENT_TYPES)[number];

/** A file name served from the clients folder: one plain name, no separators, no dot-only names, no NUL. */
export const CLIENT_FILE_NAME_PATTERN = /^(?!\.{1,2}$)[A-Za-z0-9._-]{1,200}$/;

export const CLIENTS_MESSAGES = {
  desktopNotBuilt: 'The desktop client is not built on this server yet. Ask an administrator to build the gateway agent zip.',
  fileNotFound: 'No such client file.',
  badFileName: 'fileName: must be one plain file name inside the clients folder.',
  badDownloadUrl: 'downloadUrl: must be a client file URL of this server (/api/clients/{fileName}).',
  exeNotOffered: 'No .exe is offered: the desktop client is a zip.',
} as const;

export const getClientUrlRequestSchema = z.object({ clientType: z.enum(CLIENT_TYPES) });
export type GetClientUrlRequest = z.infer<typeof getClientUrlRequestSchema>;

export const getClientUrlResponseSchema = z.object({
  success: z.literal(true),
  /** GET (or POST .../download) with the bearer token. */
  zipDownloadUrl: z.string(),
  /** Always null: no .exe is built (issue 18). */
  exeDownloadUrl: z.string().nullable(),
  fileName: z.string(),
  /** Bytes of the zip, so the page can show the size before downloading. */
  size: z.number().int().nonnegative(),
});
export type GetClientUrlResponse = z.infer<typeof getClientUrlResponseSchema>;

export const clientDownloadRequestSchema = z.object({ downloadUrl: z.string().min(1).max(1000) });
export type ClientDownloadRequest = z.infer<typeof clientDownloadRequestSchema>;

/** GET device control probe: whether anything accepts connections on the device control port of the page's host. */
export const deviceControlProbeQuerySchema = z.object({ port: z.coerce.number().int().min(1).max(65_535) });
export const deviceControlProbeResponseSchema = z.object({
  success: z.literal(true),
  reachable: z.boolean(),
  host: z.string(),
  port: z.number().int(),
});
export type DeviceControlProbeResponse = z.infer<typeof deviceControlProbeResponseSchema>;

/** How long the server waits for the device control port to accept a connection. */
export const DEVICE_CONTROL_PROBE_TIMEOUT_MS = 1_500;
