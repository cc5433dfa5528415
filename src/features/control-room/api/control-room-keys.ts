/** Query keys of the Control Room area. */
export const controlRoomKeys = {
  all: ['control-room'] as const,
  schedules: () => [...controlRoomKeys.all, 'schedules'] as const,
  schedule: (id: string) => [...controlRoomKeys.all, 'schedule', id] as const,
  /** Schedule and collection ids never collide (both are UUIDs), so one key family serves getDevices/{id}. */
  scheduleDevices: (scheduleOrCollectionId: string) => [...controlRoomKeys.all, 'schedule-devices', scheduleOrCollectionId] as const,
  queue: () => [...controlRoomKeys.all, 'queue'] as const,
  executionDetails: (executionId: string) => [...controlRoomKeys.all, 'execution-details', executionId] as const,
  resources: () => [...controlRoomKeys.all, 'resources'] as const,
  collections: () => [...controlRoomKeys.all, 'collections'] as const,
  tags: () => [...controlRoomKeys.all, 'tags'] as const,
  variables: () => [...controlRoomKeys.all, 'variables'] as const,
  executableTestSuites: () => [...controlRoomKeys.all, 'executable-test-suites'] as const,
};
