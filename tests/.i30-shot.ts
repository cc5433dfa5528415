import { startPlatform, launchBrowser } from './e2e/harness';
import { signIn } from './e2e/pages';
import { PlatformApi } from './e2e/api';
import { endpoints } from '../src/shared/endpoints';
import { organizationListResponseSchema } from '../src/shared/contracts/organizations';

const platform = await startPlatform();
const browser = await launchBrowser();
try {
  const api = await PlatformApi.signIn(platform.baseUrl, platform.admin);
  const orgs = organizationListResponseSchema.parse(await (await api.call(endpoints.organizations.list)).json()).data;
  const orgId = orgs[0]?.id ?? '';
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signIn(page, platform.baseUrl, platform.admin);
  await page.goto(`${platform.baseUrl}/studio/organizations/${orgId}`);
  await page.getByRole('textbox', { name: 'Keep runs (days)' }).waitFor();
  await page.screenshot({ path: '/tmp/i30shots/retention-1.png' });
  const runs = page.getByRole('textbox', { name: 'Keep runs (days)' });
  await runs.focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('20');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await page.getByText('Artifacts cannot be kept longer than runs.').waitFor();
  await page.screenshot({ path: '/tmp/i30shots/retention-2.png' });
  const artifacts = page.getByRole('textbox', { name: 'Keep artifacts (days)' });
  await artifacts.fill('14');
  await artifacts.press('Enter');
  await page.getByText('Retention saved').first().waitFor();
  await page.screenshot({ path: '/tmp/i30shots/retention-3.png' });
  console.log('focused after save:', await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120)));
} finally {
  await browser.close();
  await platform.stop();
}
