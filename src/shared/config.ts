/**
 * The runtime configuration file (public/assets/studio_config.json, spec part 1 §7).
 * Every field is optional: a failed load stores an empty config, and each flag helper below states the default the spec
 * gives when the field is absent. The shape is described once, as data, and read without zod: the config is parsed on
 * every page load, the sign-in page included, whose JavaScript budget has no room for a schema library.
 */
type FieldKind = 'boolean' | 'positiveInteger' | 'string' | 'stringList';
interface Shape {
  readonly [key: string]: FieldKind | Shape;
}

const enabledFlag = { enabled: 'boolean' } as const satisfies Shape;

const configShape = {
  Studio: { newUI: 'boolean', newStudioUI: 'boolean', newStudioRoute: 'string' },
  ConfigurationManagement: { newUI: 'boolean' },
  OperationsCenter: { newUI: 'boolean' },
  Schedule: {
    newSchedule: 'boolean',
    paginationSize: 'positiveInteger',
    interactiveBotFeature: 'boolean',
    duplicateSchedule: 'boolean',
    notifyOnQueue: 'boolean',
    inOrderToggle: 'boolean',
  },
  collectionImportExport: 'boolean',
  collectionRecording: 'boolean',
  JiraFeature: { enabled: 'boolean', specialCustomer: 'boolean' },
  VariableManagement: {
    enabled: 'boolean',
    systemVariableFeature: 'boolean',
    resourceVariableFeature: 'boolean',
    resourcePooling: 'boolean',
    paginationSize: 'positiveInteger',
  },
  HealthStatus: enabledFlag,
  BrowserResource: enabledFlag,
  statusBar: { enabled: 'boolean', lastCollectionDetail: { reportLink: enabledFlag } },
  /** Hosts a `nextUrl` may send the user to after sign-in, besides this app's own paths. */
  redirectHosts: 'stringList',
  deviceControlPort: 'positiveInteger',
  parserConfigPath: 'string',
  staticDashboardPath: 'string',
  googleClientId: 'string',
} as const satisfies Shape;

interface FieldTypes {
  boolean: boolean;
  positiveInteger: number;
  string: string;
  stringList: string[];
}
type ConfigOf<S extends Shape> = {
  -readonly [K in keyof S]?: S[K] extends FieldKind ? FieldTypes[S[K]] : S[K] extends Shape ? ConfigOf<S[K]> : never;
};

export type StudioConfig = ConfigOf<typeof configShape>;

const fieldChecks: Record<FieldKind, (value: unknown) => boolean> = {
  boolean: (value) => typeof value === 'boolean',
  positiveInteger: (value) => Number.isInteger(value) && (value as number) > 0,
  string: (value) => typeof value === 'string',
  stringList: (value) => Array.isArray(value) && value.every((item) => typeof item === 'string'),
};

/** True when every known field present in `raw` has its declared type; unknown fields are allowed and dropped. */
function pickShape(shape: Shape, raw: unknown): Record<string, unknown> | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const picked: Record<string, unknown> = {};
  for (const [key, kind] of Object.entries(shape)) {
    const value = (raw as Record<string, unknown>)[key];
    if (value === undefined) continue;
    const accepted = typeof kind === 'string' ? (fieldChecks[kind](value) ? value : null) : pickShape(kind, value);
    if (accepted === null) return null;
    picked[key] = accepted;
  }
  return picked;
}

/** Parses a loaded file; anything unreadable (or any field of the wrong type) becomes the empty config, as for a failed load. */
export function parseStudioConfig(raw: unknown): StudioConfig {
  return (pickShape(configShape, raw) ?? {}) as StudioConfig;
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
  /** Device control (STF) is set up when the config names its port: only then do phones link to it (issue 28). */
  deviceControlConfigured: (c: StudioConfig) => c.deviceControlPort !== undefined,
  parserConfigPath: (c: StudioConfig) => c.parserConfigPath ?? '/parserConfig',
  staticDashboardPath: (c: StudioConfig) => c.staticDashboardPath ?? '/static-dashboard',
} as const;
