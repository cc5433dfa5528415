import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGOUT_REDIRECT_DELAY_MS, MESSAGES } from '../../src/shared/constants';
import { DEMO_FAILING_COLLECTION, DEMO_PASSING_COLLECTION } from '../../src/shared/demo-collections';
import { organizationListResponseSchema } from '../../src/shared/contracts/organizations';
import { endpoints } from '../../src/shared/endpoints';
import { startSmtpServer, type LoopbackSmtpServer, type MailAccount } from '../support/mail-servers';
import { PlatformApi } from './api';
import { axeViolations, describeViolations } from './axe';
import { chromiumMissing } from './harness';
import { loginForm, openStatusSidebar, signIn } from './pages';
import { seedEverything, SEEDED, startRuns, type Seeded } from './seed';
import { useE2E } from './setup';

const MAIL_ACCOUNT: MailAccount = { user: 'alerts@example.test', password: 'smtp-secret' };
const SEEDED_USER = `${SEEDED.user.firstName} ${SEEDED.user.lastName}`;

/** A screen of the app: its path under /studio/ (with its search), the header's title, and what shows once it loaded. */
interface Screen {
  path: string;
  /** The header's title; undefined where the route has no header (the leadership display). */
  title: string | undefined;
  ready: (page: Page) => Locator;
}

const main = (page: Page) => page.getByRole('main');
const grid = (name: string) => (page: Page) => page.getByRole('grid', { name });
const region = (name: string) => (page: Page) => page.getByRole('region', { name, exact: true });
const form = (name: string) => (page: Page) => page.getByRole('form', { name });
const heading = (name: string) => (page: Page) => main(page).getByRole('heading', { name });
const frameHeading = (title: string) => (page: Page) => page.frameLocator(`iframe[title="${title}"]`).getByRole('heading', { level: 1 });
/** The open confirmation; a toast is an alertdialog too, but has no Cancel. */
const confirmationDialog = (page: Page) => page.getByRole('alertdialog').filter({ has: page.getByRole('button', { name: 'Cancel', exact: true }) });
const reportTitle = (page: Page) => page.getByRole('textbox', { name: 'Report title' });
const studioToolbar = (page: Page) => page.getByRole('toolbar', { name: 'Collection' });
/** A cell's text in a table; exact, and the first of its copies (a row's actions repeat its name for screen readers). */
const cell = (table: string, text: string) => (page: Page) => page.getByRole('grid', { name: table }).getByText(text, { exact: true }).first();

/** Every route of spec part 1 §2 and part 3 §2 that needs no id, as a signed-in administrator reaches it. */
const SCREENS: readonly Screen[] = [
  { path: '', title: 'Studio', ready: region('Last results') },
  { path: 'automation-studio', title: 'Studio', ready: studioToolbar },
  { path: 'studio-app', title: 'Studio', ready: studioToolbar },
  { path: 'automation-control-panel', title: 'Control Room', ready: grid('Upcoming Schedules') },
  { path: 'control-room', title: 'Control Room', ready: grid('Upcoming Schedules') },
  { path: 'automation-operations-center', title: 'Operations Centre', ready: grid('Collection execution details') },
  { path: 'operations-center', title: 'OPERATIONS CENTRE', ready: grid('Collection execution details') },
  { path: 'automation-configuration-management', title: 'Configuration Management', ready: grid('Browser resources') },
  { path: 'configuration-management', title: 'Configuration Management', ready: grid('Browser resources') },
  { path: 'health-status', title: 'Health Status', ready: region('Service status') },
  { path: 'device-control', title: 'Device Control', ready: (page) => main(page).getByRole('heading').first() },
  { path: 'client-download', title: 'Client Download', ready: region('Desktop') },
  { path: 'parser-config-builder', title: 'Parser Config Builder', ready: frameHeading('Parser Config Builder') },
  { path: 'static-dashboard', title: 'Static Dashboard', ready: frameHeading('Static Dashboard') },
  { path: 'variables', title: 'Manage Variables', ready: grid('Variables') },
  { path: 'email-setup', title: 'Email Setup', ready: grid('Email Configurations') },
  { path: 'dashboard', title: 'Dashboard', ready: main },
  { path: 'dashboard/operations', title: 'Operations Dashboard', ready: heading('Operations Dashboard') },
  { path: 'dashboards', title: 'Dashboard', ready: region('Saved reports') },
  { path: 'dashboards-edit', title: 'Dashboard', ready: reportTitle },
  { path: 'dashboards-edit/BLANK', title: 'Dashboard', ready: reportTitle },
  { path: 'dashboards-edit/BLANK/0.5', title: 'Dashboard', ready: reportTitle },
  { path: 'reportSaver/BLANK', title: 'Dashboard', ready: reportTitle },
  { path: 'reportSaver/BLANK/0.5', title: 'Dashboard', ready: reportTitle },
  { path: 'organizations', title: 'Configuration Management', ready: (page) => main(page).getByText('Default Organization') },
  { path: 'organizations/new', title: 'Configuration Management', ready: form('New organization') },
  { path: 'user-creation', title: 'User Creation', ready: form('Create user') },
  { path: 'groups', title: 'Groups', ready: grid('Groups') },
  { path: 'groupCreate/new', title: 'Create Group', ready: form('Create group') },
  { path: 'ios-builder', title: 'iOS Gateway Client Builder', ready: form('iOS gateway client signing material') },
  { path: 'userLanding', title: 'Users', ready: form('Change password') },
  { path: 'no-areas', title: 'Studio', ready: heading('No areas are available to your account') },
];

/** What the seeded data adds to the screens of SCREENS, waited for on the second visit. */
const SEEDED_CONTENT: Readonly<Record<string, (page: Page) => Locator>> = {
  '': (page) => region('Last results')(page).getByRole('button', { name: new RegExp(`^Report of ${DEMO_FAILING_COLLECTION}`) }),
  'control-room': cell('Upcoming Schedules', SEEDED.schedule),
  'automation-control-panel': cell('Upcoming Schedules', SEEDED.schedule),
  'operations-center': (page) => grid('Collection execution details')(page).getByRole('button', { name: DEMO_FAILING_COLLECTION }),
  'automation-operations-center': (page) => grid('Collection execution details')(page).getByRole('button', { name: DEMO_FAILING_COLLECTION }),
  variables: cell('Variables', SEEDED.variable),
  'email-setup': cell('Email Configurations', MAIL_ACCOUNT.user),
  dashboards: (page) => region('Saved reports')(page).getByText(SEEDED.report),
  'dashboard/operations': (page) => region('Project Plan Data')(page).getByRole('button', { name: new RegExp(SEEDED.project) }),
  organizations: (page) => main(page).getByRole('link', { name: SEEDED.organization }),
};

/** The routes that show one thing by its id, once there are things to show. */
function screensWithIds(seeded: Seeded, defaultOrganizationId: string): Screen[] {
  const org = encodeURIComponent(seeded.organizationId);
  const leadership = region('Overall Result');
  return [
    { path: `dashboards/${seeded.reportId}`, title: 'Dashboard', ready: (page) => page.getByRole('heading', { name: SEEDED.report }) },
    { path: `dashboards-edit/${seeded.reportId}`, title: 'Dashboard', ready: (page) => page.getByRole('article', { name: /^Runs by result/ }) },
    { path: `dashboards-edit/${seeded.reportId}/0.5`, title: 'Dashboard', ready: (page) => page.getByRole('article', { name: /^Runs by result/ }) },
    { path: `reportSaver/${seeded.reportId}`, title: 'Dashboard', ready: (page) => page.getByRole('article', { name: /^Runs by result/ }) },
    { path: `reportSaver/${seeded.reportId}/0.5`, title: 'Dashboard', ready: (page) => page.getByRole('article', { name: /^Runs by result/ }) },
    { path: `dashboard/leadership/${seeded.leadershipDashboardId}`, title: undefined, ready: leadership },
    { path: `dashboard/leadership?dashboardId=${seeded.leadershipDashboardId}`, title: undefined, ready: leadership },
    { path: `organizations/${defaultOrganizationId}`, title: 'Organization Details', ready: region('Licensing') },
    { path: `organizations/${seeded.organizationId}`, title: 'Organization Details', ready: (page) => region('Users (1)')(page).getByText(SEEDED_USER) },
    { path: `groups?orgId=${org}`, title: 'Groups', ready: cell('Groups', SEEDED.group) },
    { path: `groups/${seeded.groupId}?orgId=${org}`, title: 'Group Details', ready: heading(SEEDED.group) },
    { path: `user-creation?orgId=${org}`, title: 'User Creation', ready: cell('Users', SEEDED.user.email) },
    { path: `groupCreate/new?orgId=${org}`, title: 'Create Group', ready: form('Create group') },
  ];
}

// One server, one browser and one signed-in page for the whole file; every check reads the page as it is then. One
// browser resource, so that a run holding it keeps the next one queued for the queue views.
describe.skipIf(chromiumMissing)('axe-core on every route, empty and with data, and on the main dialogs', { timeout: 600_000 }, () => {
  const e2e = useE2E(() => ({ env: { BROWSER_POOL_SIZE: '1' } }));
  let context: BrowserContext;
  let page: Page;
  let api: PlatformApi;
  let smtp: LoopbackSmtpServer;
  let seeded: Seeded;
  let checks = 0;
  let axeMilliseconds = 0;

  beforeAll(async () => {
    smtp = await startSmtpServer(MAIL_ACCOUNT);
    // bypassCSP: axe-core goes in as a script tag, which the app's Content-Security-Policy (script-src 'self') refuses.
    context = await e2e.browser.newContext({ serviceWorkers: 'block', viewport: { width: 1440, height: 900 }, bypassCSP: true });
    page = await context.newPage();
    api = await PlatformApi.signIn(e2e.platform.baseUrl, e2e.platform.admin);
  });
  afterAll(async () => {
    await context?.close();
    await smtp?.close();
    console.log(`axe-core checked ${checks} screens, dialogs and panels in ${Math.round(axeMilliseconds / 1000)} s of its own`);
  });

  /** axe's violations on the page now, described as found at `where`; none gives an empty list. */
  async function violationsAt(where: string): Promise<string[]> {
    checks += 1;
    const started = performance.now();
    const violations = await axeViolations(page);
    axeMilliseconds += performance.now() - started;
    return violations.length === 0 ? [] : [describeViolations(where, violations)];
  }

  /** The header is loaded apart from the page (lazily): until it shows the screen's title, the page has no h1. */
  async function titled(screen: Screen): Promise<void> {
    if (screen.title !== undefined) await page.getByRole('banner').getByRole('heading', { level: 1, name: screen.title, exact: true }).waitFor();
  }

  /** Goes to the screen as the app's own links do (a history push the router follows) and waits until it shows. */
  async function visit(screen: Screen, content?: (page: Page) => Locator): Promise<void> {
    const target = `/studio/${screen.path}`;
    await page.evaluate((to) => window.history.pushState(null, '', to), target);
    await titled(screen);
    await screen.ready(page).waitFor();
    if (content) await content(page).waitFor();
    // Still the route asked for (no guard sent the page elsewhere), with nothing left loading.
    const { pathname, search } = new URL(page.url());
    expect(`${pathname}${search}`).toBe(target);
    // Loading shows as a spinner (indeterminate: no aria-valuenow); a running run's progress bars stay, and have one.
    await page.locator('main [role="progressbar"]:not([aria-valuenow])').first().waitFor({ state: 'detached' }).catch((error: unknown) => {
      throw new Error(`${target} is still loading`, { cause: error });
    });
  }

  const screen = (path: string): Screen => {
    const known = SCREENS.find((candidate) => candidate.path === path);
    if (!known) throw new Error(`No screen ${path}`);
    return known;
  };

  it('finds no violation on the sign-in page or on any route of a fresh install', async () => {
    const found: string[] = [];
    await page.goto(`${e2e.platform.baseUrl}/studio/login`);
    await loginForm(page).submit.waitFor();
    found.push(...(await violationsAt('/studio/login')));

    await signIn(page, e2e.platform.baseUrl, e2e.platform.admin);
    await page.getByRole('heading', { name: MESSAGES.welcome }).waitFor();
    for (const each of SCREENS) {
      await visit(each);
      found.push(...(await violationsAt(`/studio/${each.path} (empty)`)));
    }
    expect(found.join('\n')).toBe('');
  });

  it('finds no violation on any route with data: runs, a schedule, variables, mail, reports, an organization', async () => {
    const runsFinished = await startRuns(api, e2e.platform.baseUrl);
    seeded = { ...(await seedEverything(api, { host: smtp.host, port: smtp.port, account: MAIL_ACCOUNT })), runs: await runsFinished() };
    const organizations = organizationListResponseSchema.parse(await (await api.call(endpoints.organizations.list)).json()).data;
    const defaultOrganization = organizations.find((organization) => organization.name !== SEEDED.organization);
    if (!defaultOrganization) throw new Error(`No organization besides ${SEEDED.organization}`);

    const found: string[] = [];
    for (const each of SCREENS) {
      await visit(each, SEEDED_CONTENT[each.path]);
      found.push(...(await violationsAt(`/studio/${each.path} (with data)`)));
    }
    for (const each of screensWithIds(seeded, defaultOrganization.id)) {
      await visit(each);
      found.push(...(await violationsAt(`/studio/${each.path}`)));
    }
    expect(found.join('\n')).toBe('');
  });

  it('finds no violation in the main dialogs, menus, tabs and panels', async () => {
    const found: string[] = [];
    const check = async (where: string) => found.push(...(await violationsAt(where)));
    const dialog = (name: string | RegExp) => page.getByRole('dialog', { name });
    const confirmation = confirmationDialog(page);
    /** Checks the confirmation the press opened, then answers Cancel. */
    const checkConfirmation = async (where: string) => {
      await confirmation.waitFor();
      await check(where);
      await confirmation.getByRole('button', { name: 'Cancel' }).click();
      await confirmation.waitFor({ state: 'detached' });
    };
    /** Checks the dialog, then closes it with Escape as a keyboard user does. */
    const checkAndEscape = async (opened: Locator, where: string) => {
      await opened.waitFor();
      await opened.getByRole('progressbar').first().waitFor({ state: 'detached' });
      await check(where);
      await page.keyboard.press('Escape');
      await opened.waitFor({ state: 'detached' });
    };
    const banner = page.getByRole('banner');
    const menu = page.getByRole('navigation', { name: 'Main menu' });

    // The header's settings menu and its two popups, the side menu's My Dashboards drawer.
    await visit(screen(''), SEEDED_CONTENT['']);
    await banner.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('menuitem', { name: 'Manage Variable' }).waitFor();
    await check('settings menu');
    await page.getByRole('menuitem', { name: 'Manage Variable' }).click();
    await checkAndEscape(dialog('Manage Variables').filter({ has: page.getByRole('grid', { name: 'Variables' }) }), 'Manage Variables popup');
    await banner.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('menuitem', { name: 'Email Setup' }).click();
    await checkAndEscape(dialog('Email Setup').filter({ has: page.getByRole('grid', { name: 'Email Configurations' }) }), 'Email Setup popup');
    await menu.getByRole('button', { name: /Dashboard/ }).click();
    const myDashboards = menu.getByRole('button', { name: /My Dashboards/ });
    await myDashboards.click();
    await menu.getByRole('link', { name: SEEDED.report }).waitFor();
    await check('My Dashboards drawer');
    await myDashboards.click();
    await menu.getByRole('link', { name: SEEDED.report }).waitFor({ state: 'hidden' });

    // The collection status sidebar, the Record Collection modal and the report of the failed run.
    // A run shown in progress earlier left it open (it stays after the run): open it only if it is not.
    const sidebar = await openStatusSidebar(page);
    await sidebar.getByRole('button', { name: /^Report of / }).waitFor();
    await check('collection status sidebar');
    await sidebar.getByRole('button', { name: 'Record Collection' }).click();
    await checkAndEscape(dialog('Record Collection'), 'Record Collection dialog');

    // The Studio with a collection open, and the unsaved-changes confirmation on leaving it.
    await visit(screen('automation-studio'));
    await studioToolbar(page).getByRole('button', { name: /Collection$/ }).click();
    await page.getByRole('option', { name: DEMO_FAILING_COLLECTION, exact: true }).click();
    await studioToolbar(page).getByRole('button', { name: 'Open', exact: true }).click();
    await page.getByRole('region', { name: 'Flow editor' }).getByRole('list', { name: /^Steps of / }).first().waitFor();
    await check('Studio with a collection open');
    await page.getByRole('region', { name: 'Flow configuration' }).getByRole('textbox', { name: 'Description' }).fill('Edited, not saved');
    await menu.getByRole('link', { name: /Control Room/ }).click();
    await checkConfirmation('unsaved changes confirmation');

    // The report of the failed run with its logs.
    await sidebar.getByRole('button', { name: new RegExp(`^Report of `) }).click();
    const report = dialog('Collection Report');
    await report.getByRole('grid', { name: 'Flow details' }).waitFor();
    await check('Collection Report');
    await report.getByRole('button', { name: 'View Logs' }).click();
    await checkAndEscape(dialog('Logs'), 'report logs');
    await report.getByRole('button', { name: 'Close', exact: true }).click();
    await report.waitFor({ state: 'detached' });
    // The report of a run with an image and an attachment, and the image's preview.
    await visit(screen(''));
    await region('Last results')(page).getByRole('button', { name: new RegExp(`^Report of ${SEEDED.evidenceCollection}`) }).click();
    await report.getByRole('button', { name: /^Download attachment / }).waitFor();
    await check('Collection Report with an image and an attachment');
    await report.getByRole('button', { name: /^Image 1: / }).click();
    await checkAndEscape(page.getByRole('dialog').filter({ has: page.getByRole('img') }), 'image preview');
    await report.getByRole('button', { name: 'Close', exact: true }).click();
    await report.waitFor({ state: 'detached' });
    await banner.getByRole('button', { name: 'Collection status' }).click();
    await sidebar.waitFor({ state: 'detached' });

    // Control Room: the schedule modal, a row's menu, its history and runtime configuration, the Interactive Bot tab.
    await visit(screen('control-room'), SEEDED_CONTENT['control-room']);
    await page.getByRole('button', { name: 'New Schedule' }).click();
    const scheduleModal = dialog('New Schedule');
    await scheduleModal.getByRole('textbox', { name: 'Name' }).waitFor();
    await check('New Schedule dialog');
    // By keyboard: a pointer's press on Cancel can miss it, as the blurred Name field's error moves it (see the report).
    await scheduleModal.getByRole('button', { name: 'Cancel' }).focus();
    await page.keyboard.press('Enter');
    await scheduleModal.waitFor({ state: 'detached' });
    const moreActions = page.getByRole('button', { name: `More actions ${SEEDED.schedule}` });
    await moreActions.click();
    await page.getByRole('menuitem', { name: 'History' }).waitFor();
    await check('schedule actions menu');
    await page.getByRole('menuitem', { name: 'History' }).click();
    await checkAndEscape(dialog(`History: ${SEEDED.schedule}`), 'schedule History dialog');
    await moreActions.click();
    await page.getByRole('menuitem', { name: 'Runtime Configuration' }).click();
    await checkAndEscape(dialog(`Runtime Configuration: ${SEEDED.schedule}`), 'Runtime Configuration dialog');
    await page.getByRole('button', { name: `Delete ${SEEDED.schedule}` }).click();
    const deleteSchedule = page.getByRole('group', { name: `Delete ${SEEDED.schedule}` });
    await deleteSchedule.waitFor();
    await check('schedule delete confirmation');
    await deleteSchedule.getByRole('button', { name: 'No' }).click();
    await page.getByRole('tab', { name: 'Interactive Bot' }).click();
    await cell('Interactive Bots', SEEDED.bot)(page).waitFor();
    await check('Control Room, Interactive Bot tab');
    await page.getByRole('button', { name: 'New interactive bot' }).click();
    await checkAndEscape(dialog('New interactive bot'), 'New interactive bot dialog');

    // Operations Centre: a calendar and a list box open, the report of a run, the other tabs.
    await visit(screen('operations-center'), SEEDED_CONTENT['operations-center']);
    const criteria = page.getByRole('form', { name: 'Search criteria' });
    await criteria.getByRole('button', { name: / Start Date$/ }).click();
    await checkAndEscape(page.getByRole('dialog').filter({ has: page.getByRole('grid') }), 'Start Date calendar');
    await criteria.getByRole('button', { name: /Collection status$/ }).click();
    await page.getByRole('listbox').waitFor();
    await check('Collection status list box');
    await page.keyboard.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await grid('Collection execution details')(page).getByRole('button', { name: DEMO_FAILING_COLLECTION }).click();
    await report.getByRole('grid', { name: 'Flow details' }).waitFor();
    await check('Collection Report from the Operations Centre');
    await report.getByRole('button', { name: 'Close', exact: true }).click();
    await report.waitFor({ state: 'detached' });
    for (const tab of ['Collection Details', 'Schedule Details']) {
      await page.getByRole('tab', { name: tab }).click();
      await page.getByRole('tabpanel', { name: tab }).getByText('Choose the start and end dates, then press Search.').waitFor();
      await check(`Operations Centre, ${tab} tab`);
    }

    // Configuration Management: each resource type with its dialogs, a table's menu, filters and export, image filters.
    await visit(screen('configuration-management'));
    await page.getByRole('button', { name: 'Add remote browser' }).click();
    await checkAndEscape(dialog('Add remote browser'), 'Add remote browser dialog');
    await page.getByRole('button', { name: 'Browser resources options' }).click();
    await page.getByRole('menuitem', { name: 'Export CSV' }).click();
    await checkAndEscape(dialog('Export CSV'), 'table Export CSV dialog');
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await page.getByRole('group', { name: 'Browser resources filters' }).waitFor();
    await check('table filters');
    await main(page).getByText('Desktop', { exact: true }).click();
    await cell('Gateway agents', SEEDED.gatewayAgent)(page).waitFor();
    await check('Desktop resources and gateway agents');
    await page.getByRole('button', { name: 'Create gateway agent' }).click();
    await checkAndEscape(dialog('Create gateway agent'), 'Create gateway agent dialog');
    await main(page).getByText('Mobile', { exact: true }).click();
    await grid('Mobile resources')(page).waitFor();
    await check('Mobile resources');
    await page.getByRole('tab', { name: 'Image Filter Management' }).click();
    await main(page).getByText(SEEDED.imageFilter, { exact: true }).first().waitFor();
    await check('Image Filter Management tab');

    // Variables and Email Setup: their add dialogs and confirmations.
    await visit(screen('variables'), SEEDED_CONTENT.variables);
    await page.getByRole('button', { name: 'Add Variable' }).click();
    await checkAndEscape(dialog('Add Variable'), 'Add Variable dialog');
    await page.getByRole('button', { name: `Remove ${SEEDED.variable}` }).click();
    await checkConfirmation('remove variable confirmation');
    await visit(screen('email-setup'), SEEDED_CONTENT['email-setup']);
    await page.getByRole('button', { name: 'Add Configuration' }).click();
    const emailForm = page.getByRole('form', { name: 'Add email configuration' });
    await emailForm.waitFor();
    await check('Add email configuration form');
    await emailForm.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: `Send test email from ${MAIL_ACCOUNT.user}` }).click();
    await checkAndEscape(dialog('Send Test Email'), 'Send Test Email dialog');
    await page.getByRole('button', { name: `Delete ${MAIL_ACCOUNT.user}` }).click();
    await checkConfirmation('delete email configuration confirmation');
    await page.getByRole('tab', { name: 'Email Account' }).click();
    await page.getByRole('tabpanel', { name: 'Email Account' }).waitFor();
    await check('Email Account tab');

    // Dashboards: the element editor, the report's deletion, the operations and leadership dashboards' dialogs.
    await visit({ path: `dashboards-edit/${seeded.reportId}`, title: 'Dashboard', ready: (current) => current.getByRole('article', { name: /^Runs by result/ }) });
    await page.getByRole('button', { name: 'Add Bar element' }).click();
    const elementEditor = page.getByRole('region', { name: 'New element' });
    await elementEditor.getByRole('textbox', { name: 'Element title' }).waitFor();
    await check('dashboard element editor');
    await elementEditor.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Delete report' }).click();
    await checkConfirmation('delete report confirmation');
    await visit({ path: `dashboard/leadership/${seeded.leadershipDashboardId}`, title: undefined, ready: region('Overall Result') });
    await page.getByRole('button', { name: 'Share on a display' }).click();
    await checkAndEscape(dialog('Share on a display'), 'Share on a display dialog');

    // Administration: licence and permission dialogs, a user's deactivation and a group's deletion.
    await visit({ path: `organizations/${seeded.organizationId}`, title: 'Organization Details', ready: region('Licensing') });
    await page.getByRole('button', { name: 'Edit license' }).click();
    await checkAndEscape(dialog(/^Edit license/), 'Edit license dialog');
    await visit({ path: `user-creation?orgId=${seeded.organizationId}`, title: 'User Creation', ready: cell('Users', SEEDED.user.email) });
    await page.getByRole('button', { name: `Edit permissions of ${SEEDED_USER}` }).click();
    await checkAndEscape(dialog(`Permissions of ${SEEDED_USER}`), 'Permissions dialog');
    await page.getByRole('button', { name: `Deactivate ${SEEDED_USER}` }).click();
    await checkConfirmation('deactivate user confirmation');
    await visit({ path: `groups/${seeded.groupId}?orgId=${seeded.organizationId}`, title: 'Group Details', ready: heading(SEEDED.group) });
    await main(page).getByRole('button', { name: 'Delete', exact: true }).click();
    await checkConfirmation('delete group confirmation');

    expect(found.join('\n')).toBe('');
  });

  it('lets Tab pass through the grids, past their column resizers (no keyboard trap, which axe cannot see)', async () => {
    /** Where focus is: its role, and the grid it is in. */
    const focused = () =>
      page.evaluate(() => {
        const element = document.activeElement;
        return { role: element?.getAttribute('role') ?? element?.tagName.toLowerCase(), grid: element?.closest('[role="grid"]')?.getAttribute('aria-label') ?? null };
      });
    await visit(screen('control-room'), SEEDED_CONTENT['control-room']);
    await page.getByRole('button', { name: 'Upcoming Schedules options' }).focus();
    await page.keyboard.press('Tab');
    expect(await focused()).toEqual({ role: 'row', grid: 'Upcoming Schedules' });
    await page.keyboard.press('Tab');
    expect(await focused()).toEqual({ role: 'grid', grid: 'Queued schedules' });
    await page.keyboard.press('Tab');
    expect((await focused()).grid).toBeNull();
    await page.keyboard.press('Shift+Tab');
    expect(await focused()).toEqual({ role: 'grid', grid: 'Queued schedules' });
    await page.keyboard.press('Shift+Tab');
    expect(await focused()).toEqual({ role: 'row', grid: 'Upcoming Schedules' });
  });

  it('finds no violation while a run holds the only resource and another waits, nor on signing out', async () => {
    const found: string[] = [];
    const check = async (where: string) => found.push(...(await violationsAt(where)));
    const running = await api.occupyResource(e2e.platform.baseUrl);
    const queued = await api.trigger(await api.collectionIdByName(DEMO_PASSING_COLLECTION));

    await visit(screen(''));
    await region('Running and queued')(page).getByText(DEMO_PASSING_COLLECTION).waitFor();
    await check('landing page with a run and a queued run');
    await visit(screen('operations-center'));
    // The queue polls every 15 s; a reload reads it at once.
    await page.reload();
    await titled(screen('operations-center'));
    const queue = grid('Queued collections')(page);
    await queue.getByRole('row').filter({ hasText: DEMO_PASSING_COLLECTION }).waitFor();
    await check('Operations Centre with a queued run');
    await page.getByRole('button', { name: 'Cancel all' }).click();
    await confirmationDialog(page).waitFor();
    await check('cancel all confirmation');
    await confirmationDialog(page).getByRole('button', { name: 'Yes' }).click();
    await queue.getByText(MESSAGES.noData).waitFor();
    await api.cancelRunning(running);
    expect((await api.details(queued)).testStatus).toBe('CANCELLED');

    // The logout page moves on to the login page after LOGOUT_REDIRECT_DELAY_MS: that timer is held while axe reads it.
    await page.evaluate((delay) => {
      const realSetTimeout = window.setTimeout;
      const held: (() => void)[] = [];
      const release = () => {
        window.setTimeout = realSetTimeout;
        held.splice(0).forEach((run) => realSetTimeout(run, 0));
      };
      Object.assign(window, { releaseHeldTimers: release });
      window.setTimeout = ((handler: TimerHandler, timeout?: number, ...args: unknown[]) => {
        if (timeout !== delay || typeof handler !== 'function') return realSetTimeout(handler, timeout, ...args);
        held.push(() => handler(...args));
        return 0;
      }) as typeof window.setTimeout;
    }, LOGOUT_REDIRECT_DELAY_MS);
    await visit({ path: 'logout', title: undefined, ready: (current) => current.getByRole('heading', { name: 'Logging out…' }) });
    await page.getByText(MESSAGES.loggedOut).waitFor();
    await check('/studio/logout');
    await page.evaluate(() => (window as unknown as { releaseHeldTimers: () => void }).releaseHeldTimers());
    await loginForm(page).submit.waitFor();
    await visit({ path: 'logged-out', title: undefined, ready: (current) => current.getByRole('heading', { name: 'You have been logged out' }) });
    await check('/studio/logged-out');
    expect(found.join('\n')).toBe('');
  });
});
