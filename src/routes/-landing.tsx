import { useQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { configQueryOptions } from '../lib/config';
import { getStoredUser } from '../lib/session';
import { flags, type StudioConfig } from '../shared/config';
import { DEMO_PASSING_COLLECTION } from '../shared/demo-collections';
import { hasPermission } from '../shared/permissions';
import { schedulesQuery } from '../features/control-room/api/schedules';
import { userTimeZone } from '../features/control-room/schedule-form';
import { nextRunText, sortSchedules } from '../features/control-room/schedule-rows';
import { HealthStatusWidget } from '../features/health/components/HealthStatusWidget';
import { LandingPage, type LandingSection } from '../features/landing/components/LandingPage';
import { StartHereCard } from '../features/landing/components/StartHereCard';
import { SummaryList, type SummaryItem } from '../features/landing/components/SummaryList';
import { LANDING_TEXTS, showsStartHere } from '../features/landing/start-here';
import { devicesQuery, type DeviceLists } from '../features/resources/api/devices';
import { deviceStatusOf } from '../features/resources/device-status';
import { runningTabDataQuery } from '../features/runs/api/running-tab-data';
import { RecentResults } from '../features/runs/components/RecentResults';
import { RunningCollectionsPanel } from '../features/runs/components/RunningCollectionsPanel';
import { collectionsListQuery } from '../features/studio/api/collections-list';
import { useRunCollection } from '../features/studio/api/use-run-collection';
import { CollectionReport } from './-collection-report';
import { useShowStartedRun } from './-run-started';

/** How many coming schedules the landing page lists. */
const NEXT_SCHEDULES_SHOWN = 5;

/** Who may see which part of the landing page: each part follows its own area (docs/decisions.md, issue 19). */
export function landingAccess(features: readonly string[] | undefined, config: StudioConfig) {
  const studio = hasPermission(features, 'STUDIO');
  const controlRoom = hasPermission(features, 'CONTROL_ROOM');
  const organizations = hasPermission(features, 'ORGANIZATIONS_MANAGEMENT');
  return {
    /** The run status feed (getRunningTabData) and Run are the Studio's. */
    runs: studio,
    studioHref: studio && flags.studioEnabled(config) ? '/automation-studio' : undefined,
    schedules: controlRoom,
    scheduleHref: controlRoom && flags.newSchedule(config) ? '/control-room' : undefined,
    /** The Studio picks resources for its collections and Resource Management manages them: both read the device list. */
    resources: studio || organizations,
    manageResourcesHref: organizations && flags.configurationManagementNewUI(config) ? '/configuration-management' : undefined,
    health: flags.healthStatus(config),
  };
}

const RESOURCE_KINDS: readonly { kind: string; list: keyof DeviceLists }[] = [
  { kind: 'Mobile', list: 'mobileDevices' },
  { kind: 'Desktop', list: 'desktopDevices' },
  { kind: 'Browser', list: 'browserDevices' },
];

/** Per resource kind with resources: how many can take a run now, are busy or are offline (spec part 1 §4). */
function resourceCounts(lists: DeviceLists | undefined): SummaryItem[] {
  if (!lists) return [];
  return RESOURCE_KINDS.flatMap(({ kind, list }) => {
    const devices = lists[list];
    if (devices.length === 0) return [];
    const count = (status: ReturnType<typeof deviceStatusOf>) => devices.filter((device) => deviceStatusOf(device) === status).length;
    return [{ id: kind, name: kind, detail: `${count('Available')} available, ${count('Busy')} busy, ${count('Offline')} offline` }];
  });
}

/** The landing page (issue 19): the welcome text, "Start here", runs, results, schedules, resources and health. */
export function LandingScreen() {
  const { data: config = {} } = useQuery(configQueryOptions);
  const access = landingAccess(getStoredUser()?.permissions.features, config);
  const [reportStatusId, setReportStatusId] = useState<string | null>(null);

  const status = useQuery({ ...runningTabDataQuery(), enabled: access.runs });
  const collections = useQuery({ ...collectionsListQuery(), enabled: access.runs });
  const schedules = useQuery({ ...schedulesQuery(), enabled: access.schedules });
  const devices = useQuery({ ...devicesQuery(), enabled: access.resources });
  const runDemo = useRunCollection(useShowStartedRun());

  const knownRuns = status.data ? status.data.runningTestStatus.length + status.data.lastExecutedTestStates.length : undefined;
  const demo = collections.data?.find((collection) => collection.testSuiteName === DEMO_PASSING_COLLECTION);
  const startHere =
    access.runs && knownRuns !== undefined && showsStartHere(knownRuns) ? (
      <StartHereCard
        demo={collections.data ? { name: DEMO_PASSING_COLLECTION, onRun: demo ? () => runDemo.mutate(demo.id) : null, isStarting: runDemo.isPending } : undefined}
        studioHref={access.studioHref}
        scheduleHref={access.scheduleHref}
      />
    ) : undefined;

  const zone = userTimeZone();
  const upcoming = sortSchedules(schedules.data ?? [])
    .filter((schedule) => schedule.enabled && schedule.executionTime !== null)
    .slice(0, NEXT_SCHEDULES_SHOWN)
    .map((schedule) => ({ id: schedule.id, name: schedule.name, detail: nextRunText(schedule, zone) }));

  const sections: LandingSection[] = [
    ...(access.runs
      ? [
          { id: 'running', title: 'Running and queued', content: <RunningCollectionsPanel /> },
          { id: 'results', title: 'Last results', content: <RecentResults onOpenReport={setReportStatusId} /> },
        ]
      : []),
    ...(access.schedules
      ? [
          {
            id: 'schedules',
            title: 'Next schedules',
            content: (
              <SummaryList
                label="Next schedules"
                items={upcoming}
                emptyText={LANDING_TEXTS.noSchedules}
                more={access.scheduleHref ? { href: access.scheduleHref, label: 'Open the Control Room' } : undefined}
              />
            ),
          },
        ]
      : []),
    ...(access.resources
      ? [
          {
            id: 'resources',
            title: 'Resources',
            content: (
              <SummaryList
                label="Resources"
                items={resourceCounts(devices.data)}
                emptyText={LANDING_TEXTS.noResources}
                more={access.manageResourcesHref ? { href: access.manageResourcesHref, label: 'Resource Management' } : undefined}
              />
            ),
          },
        ]
      : []),
    ...(access.health ? [{ id: 'health', title: 'Health', content: <HealthStatusWidget /> }] : []),
  ];

  return (
    <>
      <LandingPage startHere={startHere} sections={sections} />
      {reportStatusId !== null && (
        <Suspense fallback={null}>
          <CollectionReport statusId={reportStatusId} onClose={() => setReportStatusId(null)} />
        </Suspense>
      )}
    </>
  );
}
