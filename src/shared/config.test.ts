import { describe, expect, it } from 'vitest';
import { flags, parseStudioConfig, type StudioConfig } from './config';

const empty: StudioConfig = {};

describe('parseStudioConfig', () => {
  it('keeps a valid config', () => {
    const raw = { Studio: { newUI: false }, HealthStatus: { enabled: true }, redirectHosts: ['docs.example.com'] };
    expect(parseStudioConfig(raw)).toEqual(raw);
  });

  it.each([null, 'text', 42, { Schedule: { paginationSize: -1 } }, { collectionImportExport: 'yes' }])(
    'turns %j into the empty config',
    (raw) => {
      expect(parseStudioConfig(raw)).toEqual({});
    },
  );
});

describe('flags default when the field is absent', () => {
  it('allows what the spec blocks only on an explicit false', () => {
    expect(flags.studioEnabled(empty)).toBe(true);
    expect(flags.configurationManagementNewUI(empty)).toBe(true);
    expect(flags.operationsCenterNewUI(empty)).toBe(true);
    expect(flags.newSchedule(empty)).toBe(true);
    expect(flags.collectionImportExport(empty)).toBe(true);
  });

  it('keeps opt-in features off', () => {
    for (const flag of [
      flags.newStudioUI,
      flags.interactiveBot,
      flags.duplicateSchedule,
      flags.notifyOnQueue,
      flags.inOrderToggle,
      flags.collectionRecording,
      flags.jira,
      flags.jiraSpecialCustomer,
      flags.variableManagement,
      flags.systemVariables,
      flags.resourceVariables,
      flags.resourcePooling,
      flags.healthStatus,
      flags.browserResources,
      flags.statusBar,
      flags.statusBarReportLink,
      flags.deviceControlConfigured,
    ]) {
      expect(flag(empty)).toBe(false);
    }
  });

  it('gives the default sizes, paths and hosts', () => {
    expect(flags.schedulePageSize(empty)).toBe(20);
    expect(flags.variablePageSize(empty)).toBe(20);
    expect(flags.redirectHosts(empty)).toEqual([]);
    expect(flags.deviceControlPort(empty)).toBe(7100);
    // The port of the Device Control page has a default; phones link to device control only when the config names it.
    expect(flags.deviceControlConfigured({ deviceControlPort: 7100 })).toBe(true);
    expect(flags.parserConfigPath(empty)).toBe('/parserConfig');
    expect(flags.staticDashboardPath(empty)).toBe('/static-dashboard');
  });
});

describe('flags follow the config', () => {
  it('blocks on an explicit false', () => {
    const config: StudioConfig = {
      Studio: { newUI: false },
      ConfigurationManagement: { newUI: false },
      OperationsCenter: { newUI: false },
      Schedule: { newSchedule: false },
      collectionImportExport: false,
    };
    expect(flags.studioEnabled(config)).toBe(false);
    expect(flags.configurationManagementNewUI(config)).toBe(false);
    expect(flags.operationsCenterNewUI(config)).toBe(false);
    expect(flags.newSchedule(config)).toBe(false);
    expect(flags.collectionImportExport(config)).toBe(false);
  });

  it('turns opt-in features on', () => {
    const config: StudioConfig = {
      Studio: { newStudioUI: true },
      Schedule: { interactiveBotFeature: true, duplicateSchedule: true, notifyOnQueue: true, inOrderToggle: true, paginationSize: 50 },
      collectionRecording: true,
      JiraFeature: { enabled: true, specialCustomer: true },
      VariableManagement: { enabled: true, systemVariableFeature: true, resourceVariableFeature: true, resourcePooling: true, paginationSize: 30 },
      HealthStatus: { enabled: true },
      BrowserResource: { enabled: true },
      statusBar: { enabled: true, lastCollectionDetail: { reportLink: { enabled: true } } },
      redirectHosts: ['docs.example.com'],
    };
    expect(flags.newStudioUI(config)).toBe(true);
    expect(flags.interactiveBot(config)).toBe(true);
    expect(flags.duplicateSchedule(config)).toBe(true);
    expect(flags.notifyOnQueue(config)).toBe(true);
    expect(flags.inOrderToggle(config)).toBe(true);
    expect(flags.schedulePageSize(config)).toBe(50);
    expect(flags.collectionRecording(config)).toBe(true);
    expect(flags.jira(config)).toBe(true);
    expect(flags.jiraSpecialCustomer(config)).toBe(true);
    expect(flags.variableManagement(config)).toBe(true);
    expect(flags.systemVariables(config)).toBe(true);
    expect(flags.resourceVariables(config)).toBe(true);
    expect(flags.resourcePooling(config)).toBe(true);
    expect(flags.variablePageSize(config)).toBe(30);
    expect(flags.healthStatus(config)).toBe(true);
    expect(flags.browserResources(config)).toBe(true);
    expect(flags.statusBar(config)).toBe(true);
    expect(flags.statusBarReportLink(config)).toBe(true);
    expect(flags.redirectHosts(config)).toEqual(['docs.example.com']);
  });

  it('shows the report link only while the status bar is on', () => {
    expect(flags.statusBarReportLink({ statusBar: { enabled: false, lastCollectionDetail: { reportLink: { enabled: true } } } })).toBe(false);
  });
});
