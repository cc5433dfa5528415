import { z } from 'zod';

/**
 * The runtime configuration file (public/assets/studio_config.json, spec part 1 §7).
 * Every field is optional: a failed load stores an empty config, and each flag helper
 * below states the default the spec gives when the field is absent.
 */
const enabledFlag = z.object({ enabled: z.boolean().optional() }).partial();

export const studioConfigSchema = z
  .object({
    Studio: z.object({ newUI: z.boolean(), newStudioUI: z.boolean(), newStudioRoute: z.string() }).partial(),
    ConfigurationManagement: z.object({ newUI: z.boolean() }).partial(),
    OperationsCenter: z.object({ newUI: z.boolean() }).partial(),
    Schedule: z
      .object({
        newSchedule: z.boolean(),
        paginationSize: z.number().int().positive(),
        interactiveBotFeature: z.boolean(),
        duplicateSchedule: z.boolean(),
        notifyOnQueue: z.boolean(),
        inOrderToggle: z.boolean(),
      })
      .partial(),
    collectionImportExport: z.boolean(),
    collectionRecording: z.boolean(),
    JiraFeature: z.object({ enabled: z.boolean(), specialCustomer: z.boolean() }).partial(),
    VariableManagement: z
      .object({
        enabled: z.boolean(),
        systemVariableFeature: z.boolean(),
        resourceVariableFeature: z.boolean(),
        resourcePooling: z.boolean(),
        paginationSize: z.number().int().positive(),
      })
      .partial(),
    HealthStatus: enabledFlag,
    BrowserResource: enabledFlag,
    statusBar: z
      .object({
        enabled: z.boolean(),
        lastCollectionDetail: z.object({ reportLink: enabledFlag }).partial(),
      })
      .partial(),
    /** Hosts a `nextUrl` may send the user to after sign-in, besides this app's own paths. */
    redirectHosts: z.array(z.string()),
    deviceControlPort: z.number().int().positive(),
    parserConfigPath: z.string(),
    staticDashboardPath: z.string(),
    googleClientId: z.string(),
  })
  .partial();

export type StudioConfig = z.infer<typeof studioConfigSchema>;

/** Parses a loaded file; anything unreadable becomes the empty config, as the spec asks for a failed load. */
export function parseStudioConfig(raw: unknown): StudioConfig {
  const result = studioConfigSchema.safeParse(raw);
  return result.success ? result.data : {};
}

/** Typed flag helpers, one per flag of spec part 1 §6, part 2 §6 and part 3 §6. */
export const flags = {
  /** Studio.newUI false blocks the Studio. */
  studioEnabled: (c: StudioConfig) => c.Studio?.newUI !== false,
  /** The studio menu item shows Traditional and New (beta) when the new Studio UI is configured. */
  newStudioUI: (c: StudioConfig) => c.Studio?.newStudioUI === true,
  /** ConfigurationManagement.newUI false blocks the organizations area. */
  configurationManagementNewUI: (c: StudioConfig) => c.ConfigurationManagement?.newUI !== false,
  /** OperationsCenter.newUI false blocks the new operations centre. */
  operationsCenterNewUI: (c: StudioConfig) => c.OperationsCenter?.newUI !== false,
  /** Schedule.newSchedule false blocks schedule creation. */
  newSchedule: (c: StudioConfig) => c.Schedule?.newSchedule !== false,
  schedulePageSize: (c: StudioConfig) => c.Schedule?.paginationSize ?? 20,
  interactiveBot: (c: StudioConfig) => c.Schedule?.interactiveBotFeature === true,
  duplicateSchedule: (c: StudioConfig) => c.Schedule?.duplicateSchedule === true,
  notifyOnQueue: (c: StudioConfig) => c.Schedule?.notifyOnQueue === true,
  inOrderToggle: (c: StudioConfig) => c.Schedule?.inOrderToggle === true,
  /** collectionImportExport is on unless set to false. */
  collectionImportExport: (c: StudioConfig) => c.collectionImportExport !== false,
  collectionRecording: (c: StudioConfig) => c.collectionRecording === true,
  jira: (c: StudioConfig) => c.JiraFeature?.enabled === true,
  jiraSpecialCustomer: (c: StudioConfig) => c.JiraFeature?.specialCustomer === true,
  variableManagement: (c: StudioConfig) => c.VariableManagement?.enabled === true,
  systemVariables: (c: StudioConfig) => c.VariableManagement?.systemVariableFeature === true,
  resourceVariables: (c: StudioConfig) => c.VariableManagement?.resourceVariableFeature === true,
  resourcePooling: (c: StudioConfig) => c.VariableManagement?.resourcePooling === true,
  variablePageSize: (c: StudioConfig) => c.VariableManagement?.paginationSize ?? 20,
  healthStatus: (c: StudioConfig) => c.HealthStatus?.enabled === true,
  browserResources: (c: StudioConfig) => c.BrowserResource?.enabled === true,
  statusBar: (c: StudioConfig) => c.statusBar?.enabled === true,
  statusBarReportLink: (c: StudioConfig) => c.statusBar?.enabled === true && c.statusBar.lastCollectionDetail?.reportLink?.enabled === true,
  redirectHosts: (c: StudioConfig): readonly string[] => c.redirectHosts ?? [],
  deviceControlPort: (c: StudioConfig) => c.deviceControlPort ?? 7100,
  parserConfigPath: (c: StudioConfig) => c.parserConfigPath ?? '/parserConfig',
  staticDashboardPath: (c: StudioConfig) => c.staticDashboardPath ?? '/static-dashboard',
} as const;
