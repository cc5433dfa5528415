import { z } from 'zod';
import { FIELD_ERROR_KEYS } from './collections';

/**
 * Browser resources on other machines (README "Beyond one machine"): an administrator adds one in Resource Management
 * and gets its token once; `npm run resource` on the other machine starts Chromium's browser server and registers its
 * WebSocket endpoint with that token, then sends a heartbeat every REMOTE_BROWSER_HEARTBEAT_MS.
 */
export const REMOTE_BROWSER_HEARTBEAT_MS = 10_000;
/** A remote browser silent for this long is Offline until its next heartbeat. */
export const REMOTE_BROWSER_OFFLINE_AFTER_MS = 30_000;

/** POST {automation}/browserDevices/addRemote. */
export const addRemoteBrowserSchema = z.object({
  name: z.string().trim().min(1, FIELD_ERROR_KEYS.required).max(100, FIELD_ERROR_KEYS.maxLength),
});
export type AddRemoteBrowser = z.infer<typeof addRemoteBrowserSchema>;

export const remoteBrowserAddedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    deviceId: z.string(),
    name: z.string(),
    /** The resource's own token: it may register and send heartbeats, nothing else. Sent this once only. */
    token: z.string(),
  }),
});
export type RemoteBrowserAdded = z.infer<typeof remoteBrowserAddedSchema>['data'];

/** POST /api/resources/remote/register, authenticated with the resource token. */
export const registerRemoteBrowserSchema = z.object({
  /** playwright-core's browser server endpoint, as `launchServer` answers it. */
  wsEndpoint: z
    .string()
    .trim()
    .max(2000)
    .refine((value) => /^wss?:\/\/[^\s]+$/.test(value), 'must be a ws:// or wss:// URL'),
  /** The resource's name from now on, when given (the command's --name). */
  name: z.string().trim().min(1).max(100).optional(),
});
export type RegisterRemoteBrowser = z.infer<typeof registerRemoteBrowserSchema>;

export const remoteBrowserAcceptedSchema = z.object({ success: z.literal(true), data: z.object({ deviceId: z.string(), heartbeatMs: z.number() }) });

export const REMOTE_BROWSER_MESSAGES = {
  added: (name: string) => `Remote browser ${name} added: start it with the command below.`,
  unauthorized: 'Unknown or revoked resource token.',
  notRegistered: 'This resource has not registered its endpoint yet: register first.',
  tooMany: (seconds: number) => `Too many attempts with a wrong resource token. Try again in ${seconds} s.`,
} as const;

/** The command an administrator runs on the browser's machine. */
export function remoteBrowserCommand(platformUrl: string, token: string, name: string): string {
  const quoted = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;
  return `npm run resource -- --platform ${quoted(platformUrl)} --token ${quoted(token)} --name ${quoted(name)}`;
}
