/** Business constants of spec part 1 §9, part 2 §9 and part 3 §9. */
export const POLL = {
  deviceStatusMs: 5_000,
  recordingMs: 5_000,
  healthMs: 5_000,
  runningCollectionsMs: 5_000,
  pendingImportsMs: 5_000,
  tagsMs: 5_000,
  queuedSchedulesMs: 15_000,
  operationsQueueMs: 15_000,
  scheduleListMs: 5_000,
  dashboardMs: 10_000,
  iosStatusMs: 5_000,
} as const;

export const HEALTH_RETRIES = 2;
export const HEALTH_RETRY_DELAY_MS = 1_000;
export const LOGOUT_REDIRECT_DELAY_MS = 3_000;
export const CHANGED_ROW_HIGHLIGHT_MS = 5_000;
export const TAG_REAPPLY_DELAY_MS = 500;
export const POPUP_OPEN_DELAY_MS = 200;
export const USER_DETAILS_THROTTLE_MS = 15_000;
export const DATA_STALE_TIME_MS = 7_000;
export const LAST_IMPORT_STATUS_IDS_KEPT = 5;
export const SUMMARY_MAX_LENGTH = 255;

export const TABLE = {
  defaultPageSize: 20,
  compactPageSize: 10,
  compactHeight: 444,
  paginationLinks: 5,
  minColumnWidth: 90,
  dataLimit: 100,
  tooltipHideMs: 5_000,
} as const;

export const AUTH_PROVIDER_GOOGLE = 'GOOGLE';
export const CUSTOM_DASHBOARD_ID_KEY = 'CustomDashboardId';

export const MESSAGES = {
  loggedOut: 'Logged Out Successfully',
  accountNotFound: "Sorry, we can't find this account.",
  somethingWentWrong: 'Something went wrong, please try again.',
  allOperational: 'All services are operational',
  noData: 'No data to display',
  welcome: 'Welcome to the Studio!',
  unsavedData: 'You may lose any unsaved data - do you want to continue?',
  doNotShowAgain: 'Do not show this message again',
  confirmTitle: 'Please confirm..',
  fillFileName: 'Please fill in the file name.',
} as const;

/** Shown when Google sign-in is asked for but the server has no Google client (POST /api/sso answers 503 with it). */
export const GOOGLE_SIGN_IN_NOT_CONFIGURED = 'Google sign-in is not configured on this server.';
