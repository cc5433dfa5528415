import type { Generated } from 'kysely';
import type {
  CollectionLabelsTable,
  CollectionsTable,
  FailureLabelsTable,
  ImageFiltersTable,
  TagsTable,
} from './schema-collections';
import type { InteractiveBotsTable } from './schema-bots';
import type { LicensesTable, OrganizationsTable, RetentionSettingsTable } from './schema-organizations';
import type { GroupMembersTable, GroupsTable } from './schema-groups';
import type { AuditLogTable } from './schema-audit';
import type { CollectionAttachmentsTable, CollectionExportsTable, ImportProcessesTable } from './schema-importexport';
import type { RunFlowResultsTable, RunLogsTable, RunsTable, StepResultsTable } from './schema-runs';
import type {
  QueuedSchedulesTable,
  ScheduleExecutionItemsTable,
  ScheduleExecutionsTable,
  ScheduleNotesTable,
  SchedulesTable,
} from './schema-schedules';
import type { VariableExcelDataTable, VariablesTable } from './schema-variables';
import type { JiraConfigurationsTable } from './schema-jira';
import type { MailOutboxTable } from '../notifications/schema';
import type { EmailConfigsTable, ImapAccountsTable } from './schema-email';
import type { DashboardReportsTable } from './schema-dashboards';
import type { DisplayTokensTable, ProjectCollectionsTable, ProjectDateTagsTable, ProjectSchedulesTable, ProjectsTable } from './schema-projects';
import type { IosBuildsTable } from '../ios-builder/schema';
import type { RecordingActionsTable, RecordingsTable } from '../recordings/schema';
import type { FlowQuarantinesTable, RunQuarantinedFailuresTable } from '../quarantine/schema';

/** Timestamps are ISO-8601 UTC strings so they sort and compare as text. Booleans are 0/1. */
export interface UsersTable {
  id: string;
  user_id: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  org_id: string;
  role_name: string;
  role_description: string;
  features: string;
  groups: string;
  created_at: string;
  updated_at: string;
  /**
   * 0 for a deactivated user; the licence counts active users (migration 0010, default 1). Optional in the type so
   * inserts that predate it take the default.
   */
  active?: number;
  /** 1 while the user must replace a password an administrator set (migration 0011, default 0). */
  must_change_password?: number;
}

export type { OrganizationsTable };

export interface RefreshTokensTable {
  id: string;
  token_hash: string;
  family_id: string;
  user_id: string;
  expires_at: string;
  created_at: string;
  rotated_at: string | null;
  replaced_by: string | null;
  revoked: number;
}

export interface IdempotencyKeysTable {
  user_id: string;
  key: string;
  method: string;
  path: string;
  status: number;
  headers: string;
  body: string;
  created_at: string;
}

export interface ResourcesTable {
  id: string;
  device_id: string;
  device_name: string;
  device_display_name: string;
  cmd_device_type: string;
  plugged_in: number;
  device_in_use: number;
  created_at: string;
  updated_at: string;
  /** A remote browser's browser-server WebSocket endpoint, once it registered (migration 0009). */
  remote_endpoint: string | null;
  /** SHA-256 of a remote browser's own token; null for every other resource. */
  token_hash: string | null;
  /** Epoch ms of a remote browser's last heartbeat. */
  last_seen_at: number | null;
}

/** A desktop gateway agent's token and what its agent told when it registered (migration 0019). */
export interface GatewayAgentsTable {
  id: string;
  org_id: string;
  name: string;
  token_hash: string;
  device_id: string | null;
  os: string | null;
  /** JSON string[]. */
  browsers: string;
  claimed_status_id: string | null;
  created_by: string;
  created_at: string;
  revoked_at: string | null;
  /** When the agent last registered its phones' list (migration 0023); null for an agent serving none. */
  devices_registered_at: string | null;
}

/** A phone a gateway agent serves as a MOBILE resource (migration 0023). */
export interface MobileDevicesTable {
  device_id: string;
  agent_id: string;
  udid: string;
  /** MobilePlatform: ANDROID or IOS. */
  platform: string;
  model: string;
  os_version: string;
  /** 1 while the agent's last device list named it. */
  listed: number;
  claimed_status_id: string | null;
  created_at: string;
}

export interface ServiceHeartbeatsTable {
  name: string;
  beat_at: string;
}

/** Secrets the server generates once and every replica shares (migration 0009). */
export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: string;
}

/** One event a rate limit counts (a failed sign-in, say), in its bucket under its key (migration 0009). */
export interface RateLimitEventsTable {
  id: Generated<number>;
  bucket: string;
  key: string;
  /** Epoch ms. */
  at: number;
}

/** A server process sharing the database, alive while its heartbeat is recent (runs/replicas.ts; migration 0009). */
export interface ReplicasTable {
  id: string;
  host: string;
  started_at: number;
  beat_at: number;
}

export interface Database {
  audit_log: AuditLogTable;
  users: UsersTable;
  organizations: OrganizationsTable;
  licenses: LicensesTable;
  groups: GroupsTable;
  group_members: GroupMembersTable;
  refresh_tokens: RefreshTokensTable;
  idempotency_keys: IdempotencyKeysTable;
  resources: ResourcesTable;
  gateway_agents: GatewayAgentsTable;
  mobile_devices: MobileDevicesTable;
  service_heartbeats: ServiceHeartbeatsTable;
  server_secrets: ServerSecretsTable;
  rate_limit_events: RateLimitEventsTable;
  replicas: ReplicasTable;
  collections: CollectionsTable;
  tags: TagsTable;
  image_filters: ImageFiltersTable;
  failure_labels: FailureLabelsTable;
  collection_labels: CollectionLabelsTable;
  runs: RunsTable;
  step_results: StepResultsTable;
  run_logs: RunLogsTable;
  run_flow_results: RunFlowResultsTable;
  schedules: SchedulesTable;
  schedule_executions: ScheduleExecutionsTable;
  schedule_execution_items: ScheduleExecutionItemsTable;
  queued_schedules: QueuedSchedulesTable;
  schedule_notes: ScheduleNotesTable;
  interactive_bots: InteractiveBotsTable;
  import_processes: ImportProcessesTable;
  collection_attachments: CollectionAttachmentsTable;
  collection_exports: CollectionExportsTable;
  variables: VariablesTable;
  variable_excel_data: VariableExcelDataTable;
  jira_configurations: JiraConfigurationsTable;
  email_configs: EmailConfigsTable;
  imap_accounts: ImapAccountsTable;
  mail_outbox: MailOutboxTable;
  dashboard_reports: DashboardReportsTable;
  projects: ProjectsTable;
  project_collections: ProjectCollectionsTable;
  project_schedules: ProjectSchedulesTable;
  project_date_tags: ProjectDateTagsTable;
  display_tokens: DisplayTokensTable;
  ios_builds: IosBuildsTable;
  recordings: RecordingsTable;
  recording_actions: RecordingActionsTable;
  flow_quarantines: FlowQuarantinesTable;
  run_quarantined_failures: RunQuarantinedFailuresTable;
  retention_settings: RetentionSettingsTable;
}
