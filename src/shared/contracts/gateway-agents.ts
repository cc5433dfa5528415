import { z } from 'zod';
import { FIELD_ERROR_KEYS, MAX_FLOW_RETRIES } from './collections';
import { mobileDeviceSchema } from './mobile';
import { REMOTE_BROWSER_HEARTBEAT_MS, REMOTE_BROWSER_OFFLINE_AFTER_MS } from './remote-browsers';
import { agentRecordingCommandSchema } from './recordings';
import { fileRefSchema, runProgressSchema, STEP_RESULT_VALUES } from './runs';

/**
 * Desktop gateway agents (issue 18): a tester's machine behind NAT joins as a DESKTOP resource by running
 * `npm run agent` (or the downloaded zip) with an agent token. The agent only ever calls the platform: it registers,
 * beats every GATEWAY_AGENT_HEARTBEAT_MS, polls for a run every GATEWAY_AGENT_CLAIM_MS and streams the run back.
 */
export const GATEWAY_AGENT_HEARTBEAT_MS = REMOTE_BROWSER_HEARTBEAT_MS;
/** An agent silent this long is Offline, and a run it was executing ends ABORTED. */
export const GATEWAY_AGENT_OFFLINE_AFTER_MS = REMOTE_BROWSER_OFFLINE_AFTER_MS;
/** How often an idle agent asks for a run. */
export const GATEWAY_AGENT_CLAIM_MS = 2_000;
export const GATEWAY_AGENT_TOKEN_PREFIX = 'ga_';
/** Device ids of the agents' DESKTOP resources start with this. */
export const GATEWAY_AGENT_DEVICE_PREFIX = 'gateway-agent-';
/** The largest screenshot or video an agent uploads, as the server's own executor has no limit but a run's disk. */
export const GATEWAY_AGENT_MAX_ATTACHMENT_BYTES = 100 * 1024 * 1024;

/** Device ids of the phones agents serve (issue 28): `mobile-<agent id8>-<hash of the udid>`. */
export const MOBILE_AGENT_DEVICE_PREFIX = 'mobile-';
/** The most devices one agent may list. */
export const MAX_AGENT_MOBILE_DEVICES = 100;

/** An agent's machine (its DESKTOP resource). */
export const isDesktopAgentDevice = (deviceId: string): boolean => deviceId.startsWith(GATEWAY_AGENT_DEVICE_PREFIX);
/** A phone an agent serves (a MOBILE resource). */
export const isMobileAgentDevice = (deviceId: string): boolean => deviceId.startsWith(MOBILE_AGENT_DEVICE_PREFIX);
/** Any resource an agent executes runs on: no replica launches a browser for it, and a silent agent's runs on it end. */
export const isGatewayAgentDevice = (deviceId: string): boolean => isDesktopAgentDevice(deviceId) || isMobileAgentDevice(deviceId);

/** POST create: the token's name. */
export const createGatewayAgentSchema = z.object({
  name: z.string().trim().min(1, FIELD_ERROR_KEYS.required).max(100, FIELD_ERROR_KEYS.maxLength),
});
export type CreateGatewayAgent = z.infer<typeof createGatewayAgentSchema>;

export const gatewayAgentSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The DESKTOP resource, once the agent registered its machine. */
  deviceId: z.string().nullable(),
  /** The MOBILE resources of the phones its last device list named (issue 28). */
  mobileDeviceIds: z.array(z.string()).default([]),
  os: z.string().nullable(),
  browsers: z.array(z.string()),
  createdBy: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string().nullable(),
  online: z.boolean(),
  revokedAt: z.string().nullable(),
});
export type GatewayAgent = z.infer<typeof gatewayAgentSchema>;

export const gatewayAgentListSchema = z.object({ success: z.literal(true), data: z.array(gatewayAgentSchema) });

export const gatewayAgentCreatedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** token is sent in this answer only; the server keeps its SHA-256. */
  data: z.object({ agent: gatewayAgentSchema, token: z.string() }),
});
export type GatewayAgentCreated = z.infer<typeof gatewayAgentCreatedSchema>['data'];

export const gatewayAgentRevokedSchema = z.object({ success: z.literal(true), message: z.string() });

/** POST register, with the agent token. */
export const registerGatewayAgentSchema = z.object({
  name: z.string().trim().min(1).max(100).optional(),
  os: z.string().trim().min(1).max(200),
  browsers: z.array(z.string().trim().min(1).max(100)).max(20),
});
export type RegisterGatewayAgent = z.infer<typeof registerGatewayAgentSchema>;

export const gatewayAgentAcceptedSchema = z.object({
  success: z.literal(true),
  data: z.object({ deviceId: z.string(), heartbeatMs: z.number(), claimMs: z.number() }),
});

/** POST register devices: the phones the agent serves now (issue 28); the agent's phones missing here go Offline. */
export const agentMobileDeviceSchema = mobileDeviceSchema.pick({ udid: true, platform: true, name: true, model: true, osVersion: true });
export type AgentMobileDevice = z.infer<typeof agentMobileDeviceSchema>;
/** The name a phone shows until a tester renames it: the one the agent gave, else its model, else its udid. */
export const mobileDeviceNameOf = (device: Pick<AgentMobileDevice, 'name' | 'model' | 'udid'>): string => device.name ?? (device.model || device.udid);
export const registerAgentDevicesSchema = z.object({
  devices: z
    .array(agentMobileDeviceSchema)
    .max(MAX_AGENT_MOBILE_DEVICES)
    .superRefine((devices, context) => {
      const seen = new Set<string>();
      for (const [index, device] of devices.entries()) {
        if (seen.has(device.udid)) context.addIssue({ code: 'custom', path: [index, 'udid'], message: `The device ${device.udid} is listed twice.` });
        seen.add(device.udid);
      }
    }),
  /** True on the agent's first list after it started: runs its devices had taken cannot go on. */
  started: z.boolean().default(false),
});
export type RegisterAgentDevices = z.input<typeof registerAgentDevicesSchema>;

export const agentDevicesAcceptedSchema = z.object({
  success: z.literal(true),
  data: z.object({
    devices: z.array(z.object({ udid: z.string(), deviceId: z.string() })),
    heartbeatMs: z.number(),
    claimMs: z.number(),
  }),
});

/** The heartbeat's answer: deviceId is the agent's DESKTOP resource, null for an agent that serves phones only. */
export const agentHeartbeatAnswerSchema = z.object({
  success: z.literal(true),
  data: z.object({ deviceId: z.string().nullable(), heartbeatMs: z.number(), claimMs: z.number() }),
});

/**
 * POST claim: an agent still executing a run on its machine asks only whether that run was stopped (idle false).
 * idleDevices are its phones (device ids) that execute nothing and may take a run.
 */
export const agentClaimSchema = z.object({
  idle: z.boolean(),
  idleDevices: z.array(z.string().min(1).max(200)).max(MAX_AGENT_MOBILE_DEVICES).default([]),
});

/** What an agent is given to execute. */
export const claimedRunSchema = z.object({
  statusId: z.string(),
  /** The collection as it was queued (the contract's collection shape). */
  collection: z.unknown(),
  variables: z.record(z.string(), z.string()),
  /** The platform as the agent reaches it: relative URLs and ${BASE_URL} point there. */
  baseUrl: z.string(),
});
export type ClaimedRun = z.infer<typeof claimedRunSchema>;

export const claimAnswerSchema = z.object({
  success: z.literal(true),
  data: z.object({
    run: claimedRunSchema.nullable(),
    /** A run for each idle phone that has one allocated (issue 28). */
    deviceRuns: z.array(z.object({ deviceId: z.string(), run: claimedRunSchema })).default([]),
    /** The runs the agent and its phones took last, when they no longer run (cancelled, released): the agent stops them. */
    stopped: z.array(z.string()),
    /** The agent's recording (issue 18), while one is active or was just stopped; null when there is none. */
    recording: agentRecordingCommandSchema.nullable().default(null),
  }),
});

/** Every report about a run answers whether it should go on: false once it was cancelled or released. */
export const runReportAnswerSchema = z.object({ success: z.literal(true), data: z.object({ cancelled: z.boolean() }) });
export type RunReportAnswer = z.infer<typeof runReportAnswerSchema>['data'];

export const agentLogSchema = z.object({ line: z.string().max(10_000) });
export const agentProgressSchema = z.object({ progress: runProgressSchema });

/** One finished step, as the RunRecorder receives it (NewStepResult, without the run id the path gives). */
export const agentStepResultSchema = z.object({
  flow_index: z.number().int().min(0),
  flow_id: z.string().max(200),
  flow_name: z.string().max(1000),
  flow_type: z.string().max(100),
  flow_loop: z.number().int().min(0),
  step_id: z.string().max(200),
  step_name: z.string().max(1000),
  action: z.string().max(200),
  result: z.enum(STEP_RESULT_VALUES),
  error_detail: z.string().max(100_000),
  validation_result: z.string().max(100_000),
  images: z.array(fileRefSchema).max(100),
  attachments: z.array(fileRefSchema).max(100),
  time_started: z.string().max(40),
  time_completed: z.string().max(40),
  /** The attempt of the flow visit (issue 29, retries); an agent built before retries sends none: 1. */
  attempt: z.number().int().min(1).max(MAX_FLOW_RETRIES + 1).default(1),
});
export const agentStepSchema = z.object({ result: agentStepResultSchema, progress: runProgressSchema });
export const agentAttachmentSchema = z.object({ file: fileRefSchema });
/**
 * progress is absent when the run failed before the executor reported any. ABORTED carries the reason the run could
 * not go on (a phone that went away mid-run), which the run's log shows.
 */
export const agentFinishSchema = z.union([
  z.object({ result: z.enum(['PASSED', 'FAILED']), progress: runProgressSchema.optional() }),
  z.object({ result: z.literal('ABORTED'), reason: z.string().trim().min(1).max(2_000), progress: runProgressSchema.optional() }),
]);
export type AgentFinish = z.infer<typeof agentFinishSchema>;

export const GATEWAY_AGENT_MESSAGES = {
  created: (name: string) => `Gateway agent ${name} created: copy its token now, it is not shown again.`,
  revoked: (name: string) => `Gateway agent ${name} revoked.`,
  notFound: 'No such gateway agent.',
  unauthorized: 'Unknown or revoked agent token.',
  notRegistered: 'This agent has not registered yet: register first.',
  notYourRun: 'This run is not assigned to this agent.',
  tooMany: (seconds: number) => `Too many attempts with a wrong agent token. Try again in ${seconds} s.`,
  attachmentMissing: 'The attachment file is missing.',
  attachmentTooLarge: `An attachment may be at most ${GATEWAY_AGENT_MAX_ATTACHMENT_BYTES / 1024 / 1024} MB.`,
  badAttachmentPath: 'The attachment path must name a file of this run.',
  silentAbort: (deviceId: string) => `Gateway agent ${deviceId} went silent: run aborted`,
  revokedAbort: (deviceId: string) => `The token of gateway agent ${deviceId} was revoked: run aborted`,
  restartedAbort: (deviceId: string) => `Gateway agent ${deviceId} restarted during the run: run aborted`,
  deviceGoneAbort: (name: string) => `Device ${name} went away (no longer listed by its agent): run aborted`,
} as const;

/** The command a tester runs on their machine (from this repository; the zip's start script runs the same). */
export function gatewayAgentCommand(platformUrl: string, token: string): string {
  const quoted = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;
  return `npm run agent -- --platform ${quoted(platformUrl)} --token ${quoted(token)}`;
}
