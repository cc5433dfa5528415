/**
 * The screens the offline and lie-fi tests edit, driven as a user does: Image Filter Management's Platforms table, the
 * Control Room's Upcoming Schedules, and the header's count of changes waiting to be sent.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { pendingChangesText, SAVED_OFFLINE_TEXT } from '../../src/offline/pending-texts';
import { DATABASE_FILE } from '../../src/server/db/database';
import { endpoints } from '../../src/shared/endpoints';

/**
 * Configuration Management's Image Filter Management tab, on its Platforms table, once the filter list's answer has
 * come in full. An empty list reads the same loading and loaded ("No data to display"), and a test that drops the link
 * next must know the list arrived: a filter saved offline is laid over the list, and there is none before it comes
 * (under two CPU burners the link dropped first, in lie-fi and in the offline edits).
 */
export async function openImageFilters(page: Page, origin: string): Promise<Locator> {
  const listLoaded = page.waitForResponse((response) => new URL(response.url()).pathname === endpoints.imageFilters.list && response.ok());
  await page.goto(`${origin}/studio/configuration-management`);
  const table = await showImageFilters(page);
  await (await listLoaded).finished();
  return table;
}

export async function showImageFilters(page: Page): Promise<Locator> {
  await page.getByRole('tab', { name: 'Image Filter Management' }).click();
  const table = page.getByRole('grid', { name: 'Platforms filters' });
  await table.waitFor();
  return table;
}

/** The header's "N changes waiting". */
export const waitingCount = (page: Page, count: number) => page.getByRole('banner').getByRole('status', { name: pendingChangesText(count) });

export async function allChangesSent(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('status', { name: /changes? waiting/ }).waitFor({ state: 'detached', timeout: 60_000 });
}

/** The row of the filter with this id (its Id cell shows the id, also for a filter made offline). */
export const filterRow = (table: Locator, id: string) => table.getByRole('row').filter({ hasText: id });

/** Adds a filter from the Add row and answers the id the page made for it. */
export async function addFilter(page: Page, table: Locator, name: string): Promise<string> {
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const form = page.getByRole('group', { name: 'New Platforms filters row' });
  await form.getByRole('textbox', { name: 'Name' }).fill(name);
  await form.getByRole('button', { name: 'Save' }).click();
  await form.waitFor({ state: 'detached' });
  const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
  // A full CI run once waited here in vain: say what the table and any alert showed instead, to tell why next time.
  await row.waitFor().catch(async (error: unknown) => {
    const shown = await table.innerText({ timeout: 1_000 }).catch(() => '(no table)');
    const alerts = await page.getByRole('alert').or(page.getByRole('alertdialog')).allInnerTexts().catch(() => []);
    throw new Error(`The new filter "${name}" never showed its row. Table: ${JSON.stringify(shown)}; alerts: ${JSON.stringify(alerts)}`, { cause: error });
  });
  const idCell = (await row.getByRole('gridcell').first().textContent()) ?? '';
  const id = idCell.replace(SAVED_OFFLINE_TEXT, '').trim();
  expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  return id;
}

/**
 * Renames a row of `table` inline: double-click its name, type, Enter; the editor closes once the save is sent or kept.
 * The editor is found in the table: while it is open, the row's name cell holds it instead of the name.
 */
export async function renameInline(table: Locator, row: Locator, name: string): Promise<void> {
  await row.getByRole('rowheader').dblclick();
  const editor = table.getByRole('textbox', { name: 'Edit Name' });
  await editor.fill(name);
  await editor.press('Enter');
  await editor.waitFor({ state: 'detached' });
  await table.getByRole('rowheader', { name, exact: true }).waitFor();
}

/** Renames a filter inline. */
export function renameFilter(table: Locator, id: string, name: string): Promise<void> {
  return renameInline(table, filterRow(table, id), name);
}


/**
 * What the server applied to `path`, in the order it applied it: every write carrying an Idempotency-Key leaves one row
 * in idempotency_keys (a replay of a key finds that row and adds none), holding its answer's body. SQLite's rowid grows
 * with each insert, so it is the server's own order.
 */
export function appliedWrites(dataDir: string, path: string): { key: string; body: string }[] {
  const sqlite = new Database(join(dataDir, DATABASE_FILE), { readonly: true, fileMustExist: true });
  try {
    return sqlite.prepare<[string], { key: string; body: string }>('SELECT key, body FROM idempotency_keys WHERE path = ? ORDER BY rowid').all(path);
  } finally {
    sqlite.close();
  }
}
