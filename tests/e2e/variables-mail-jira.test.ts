import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/shared/endpoints';
import { DEMO_FAILING_COLLECTION } from '../../src/server/demo/seedDemoCollections';
import { startFakeJira, type FakeJira } from '../support/jira-server';
import { startSmtpServer, type LoopbackSmtpServer, type MailAccount } from '../support/mail-servers';
import { browserCollection, PlatformApi } from './api';
import { chromiumMissing, screenshot } from './harness';
import { chooseOption, openLastCompletedReport } from './pages';
import { useE2E, useSignedInPages } from './setup';

const MAIL_ACCOUNT: MailAccount = { user: 'studio@example.test', password: 'smtp-secret' };
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47];

/** The runtime config with JiraFeature on: the shipped config leaves it off until an organization has a Jira. */
async function withJiraFeature(page: Page): Promise<void> {
  await page.route(/\/studio\/assets\/studio_config\.json(\?|$)/, async (route) => {
    const response = await route.fetch();
    const config = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...config, JiraFeature: { enabled: true, specialCustomer: false } } });
  });
}

// Runs launch Chromium on a loaded machine: give the test minutes.
describe.skipIf(chromiumMissing)('variables, run mail and Jira filing in Chromium against the real server', { timeout: 300_000 }, () => {
  const e2e = useE2E();
  const signedInPage = useSignedInPages(e2e);
  let smtp: LoopbackSmtpServer;
  let jira: FakeJira;
  beforeAll(async () => {
    [smtp, jira] = await Promise.all([startSmtpServer(MAIL_ACCOUNT), startFakeJira()]);
  });
  afterAll(async () => {
    await Promise.all([smtp.close(), jira.close()]);
  });

  it('fills ${name} in a run with a variable made on Manage Variables, and the report shows the value', async () => {
    const page = await signedInPage();
    await page.goto(`${e2e.platform.baseUrl}/studio/variables`);
    await page.getByRole('button', { name: 'Add Variable' }).click();
    const form = page.getByRole('dialog', { name: 'Add Variable' });
    await form.getByRole('textbox', { name: 'Variable Name' }).fill('shopper');
    await chooseOption(page, form, 'Value Type', 'String');
    await form.getByRole('textbox', { name: 'Value' }).fill('Grace Hopper');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('grid', { name: 'Variables' }).getByRole('row').filter({ hasText: 'shopper' }).getByText('Grace Hopper').waitFor();
    await screenshot(page, 'variables-page');

    const api = await PlatformApi.signIn(e2e.platform.baseUrl, e2e.platform.admin);
    const collectionId = await api.saveCollection(
      browserCollection('Adds the shopper', [
        {
          testCaseId: 'add-shopper',
          steps: [
            { stepId: 'open-demo', action: 'open', value: `${e2e.platform.baseUrl}${endpoints.demoApp}` },
            { stepId: 'type-user', action: 'type', target: '#username', value: 'demo' },
            { stepId: 'type-password', action: 'type', target: '#password', value: 'demo' },
            { stepId: 'sign-in', action: 'click', target: 'text=Sign in' },
            { stepId: 'type-item', action: 'type', target: '#new-item', value: '${shopper}' },
            { stepId: 'add', action: 'click', target: 'text=Add item' },
            // The expectation is literal: the run passes only if ${shopper} became the variable's value.
            { stepId: 'listed', action: 'assertText', target: '#items', value: 'Grace Hopper' },
          ],
        },
      ]),
    );
    const statusId = await api.trigger(collectionId);
    expect((await api.waitForRun(statusId)).testStatus).toBe('PASSED');

    const report = await openLastCompletedReport(page, 'Adds the shopper');
    await expect.poll(() => report.getByText(/contains "Grace Hopper"/).count()).toBeGreaterThan(0);
  });

  it('mails the failure of the seeded failing collection through the SMTP configuration made on Email Setup, and files its failed step to Jira', async () => {
    const page = await signedInPage();
    await withJiraFeature(page);
    await page.goto(`${e2e.platform.baseUrl}/studio/email-setup`);
    await page.getByRole('button', { name: 'Add Configuration' }).click();
    const form = page.getByRole('form', { name: 'Add email configuration' });
    // react-aria keeps the radio input visually hidden: a user clicks its label.
    await form.locator('label', { hasText: 'Advanced' }).click();
    await form.getByRole('textbox', { name: 'From Email' }).fill(MAIL_ACCOUNT.user);
    await form.getByLabel('Password').fill(MAIL_ACCOUNT.password);
    await chooseOption(page, form, 'Type', 'SMTP');
    await form.getByRole('textbox', { name: 'Host' }).fill(smtp.host);
    await form.getByRole('textbox', { name: 'Port' }).fill(String(smtp.port));
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('grid', { name: 'Email Configurations' }).getByRole('row').filter({ hasText: MAIL_ACCOUNT.user }).waitFor();
    // Saving logged in to the mail server first.
    expect(smtp.logins).toContainEqual({ user: MAIL_ACCOUNT.user, accepted: true });
    await screenshot(page, 'email-setup');

    const api = await PlatformApi.signIn(e2e.platform.baseUrl, e2e.platform.admin);
    const failing = await api.loadCollection(await api.collectionIdByName(DEMO_FAILING_COLLECTION));
    await api.saveCollection({ ...failing, suiteNotifyEmails: 'qa@example.test' });
    const statusId = await api.trigger(failing.id);
    expect((await api.waitForRun(statusId)).testStatus).toBe('FAILED');

    const [mail] = await smtp.waitFor(1, 60_000);
    expect(mail?.envelopeTo).toEqual(['qa@example.test']);
    expect(mail?.subject).toMatch(new RegExp(`^${DEMO_FAILING_COLLECTION}: FAILED`));
    expect(mail?.text).toContain('Failed: 1 step(s), 1 flow(s)');
    expect(mail?.text).toContain('Sign in and expect a wrong heading / The heading reads Welcome back');
    const reportLink = `${e2e.platform.baseUrl}/studio/?report=${statusId}`;
    expect(mail?.text).toContain(reportLink);

    await page.goto(`${e2e.platform.baseUrl}/studio/configuration-management`);
    await page.getByRole('tab', { name: 'Jira Configuration' }).click();
    await page.getByRole('textbox', { name: 'Jira base URL' }).fill(jira.baseUrl);
    await page.getByRole('textbox', { name: 'User e-mail' }).fill(jira.email);
    await page.getByLabel('API token').fill(jira.token);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText(/^Connected to Jira as /).waitFor();

    // The mail's link opens the run's report, where the failed step files a bug.
    await page.goto(reportLink);
    const report = page.getByRole('dialog', { name: 'Collection Report' });
    await report.getByRole('button', { name: `Create Issue for step assert-wrong-heading of ${failing.testCases[0]?.testCaseName ?? ''}` }).click();
    const issue = page.getByRole('dialog', { name: 'Create Issue' });
    await chooseOption(page, issue, 'Project', 'Quality Assurance');
    await screenshot(page, 'jira-issue-modal');
    await issue.getByRole('button', { name: 'Save' }).click();
    await page.getByText(/^Issue saved\. Jira Id: QA-\d+$/).waitFor();

    expect(jira.issues).toHaveLength(1);
    const fields = jira.issues[0]?.fields ?? {};
    expect(fields).toMatchObject({ project: { key: 'QA' }, issuetype: { id: '10004' } });
    expect(String(fields.summary)).toContain('assert-wrong-heading');
    expect(jira.attachments.length).toBeGreaterThan(0);
    expect([...(jira.attachments[0]?.bytes.subarray(0, 4) ?? [])]).toEqual(PNG_SIGNATURE);
  });
});
