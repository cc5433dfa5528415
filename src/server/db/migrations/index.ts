import type { Migration, MigrationProvider } from 'kysely';
import { initialMigration } from './0001_initial';
import { collectionsMigration } from './0002_collections';
import { runsMigration } from './0003_runs';
import { schedulesMigration } from './0004_schedules';
import { interactiveBotsMigration } from './0005_interactive_bots';
import { importExportMigration } from './0006_import_export';
import { variablesMigration } from './0007_variables';
import { queueOrderMigration } from './0008_queue_order';
import { sharedStateMigration } from './0009_shared_state';
import { organizationsMigration } from './0010_organizations';
import { usersGroupsMigration } from './0011_users_groups';
import { operationsIndexesMigration } from './0012_operations_indexes';
import { emailMigration } from './0014_email';
import { jiraMigration } from './0015_jira';
import { mailOutboxMigration } from './0016_mail_outbox';
import { dashboardsMigration } from './0017_dashboards';
import { projectsMigration } from './0018_projects';
import { gatewayAgentsMigration } from './0019_gateway_agents';
import { iosBuildsMigration } from './0020_ios_builds';
import { recordingsMigration } from './0021_recordings';
import { runScheduleMigration } from './0022_run_schedule';
import { mobileDevicesMigration } from './0023_mobile_devices';
import { flakinessMigration } from './0024_flakiness';
import { flowQuarantineMigration } from './0025_flow_quarantine';
import { flowRetriesMigration } from './0026_flow_retries';
import { runFlowResultsMigration } from './0027_run_flow_results';
import { retentionMigration } from './0028_retention';
import { auditLogMigration } from './0029_audit_log';
import { flakyViewIndexesMigration } from './0030_flaky_view_indexes';
import { flowFlipsIndexMigration } from './0031_flow_flips_index';

/** Migrations live in code (not read from disk) so the server runs the same from source, tests and bundles. */
const migrations: Record<string, Migration> = {
  '0001_initial': initialMigration,
  '0002_collections': collectionsMigration,
  '0003_runs': runsMigration,
  '0004_schedules': schedulesMigration,
  '0005_interactive_bots': interactiveBotsMigration,
  '0006_import_export': importExportMigration,
  '0007_variables': variablesMigration,
  '0008_queue_order': queueOrderMigration,
  '0009_shared_state': sharedStateMigration,
  '0010_organizations': organizationsMigration,
  '0011_users_groups': usersGroupsMigration,
  '0012_operations_indexes': operationsIndexesMigration,
  '0014_email': emailMigration,
  '0015_jira': jiraMigration,
  '0016_mail_outbox': mailOutboxMigration,
  '0017_dashboards': dashboardsMigration,
  '0018_projects': projectsMigration,
  '0019_gateway_agents': gatewayAgentsMigration,
  '0020_ios_builds': iosBuildsMigration,
  '0021_recordings': recordingsMigration,
  '0022_run_schedule': runScheduleMigration,
  '0023_mobile_devices': mobileDevicesMigration,
  '0024_flakiness': flakinessMigration,
  '0025_flow_quarantine': flowQuarantineMigration,
  '0026_flow_retries': flowRetriesMigration,
  '0027_run_flow_results': runFlowResultsMigration,
  '0028_retention': retentionMigration,
  '0029_audit_log': auditLogMigration,
  '0030_flaky_view_indexes': flakyViewIndexesMigration,
  '0031_flow_flips_index': flowFlipsIndexMigration,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};
