import { randomUUID } from 'node:crypto';
import { reportElementSchema, reportSettingsSchema, type Report, type ReportDraft } from '../../shared/contracts/dashboards';
import type { Db } from '../db/database';
import type { DashboardReportsTable } from '../db/schema-dashboards';
import { nameOf, userNamesOf } from '../runs/displayNames';

/** Saved reports (spec part 3 §3, §7), always read and written within the caller's organization. */

export interface ReportOwner {
  orgId: string;
  userId: string;
}

const elementsSchema = reportElementSchema.array();

/** The organization's reports, newest update first, authors by name. */
export async function listReports(db: Db, orgId: string): Promise<Report[]> {
  const rows = await db
    .selectFrom('dashboard_reports')
    .selectAll()
    .where('org_id', '=', orgId)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const authors = await userNamesOf(
    db,
    rows.map((row) => row.created_by),
  );
  return rows.map((row) => reportOf(row, nameOf(authors, row.created_by)));
}

function reportOf(row: DashboardReportsTable, createdBy: string): Report {
  return {
    id: row.id,
    title: row.title,
    // Stored after validation; parsing again gives later defaults to reports saved before them.
    settings: reportSettingsSchema.parse(JSON.parse(row.settings)),
    elements: elementsSchema.parse(JSON.parse(row.elements)),
    createdBy,
    dateCreated: row.created_at,
    dateUpdated: row.updated_at,
  };
}

export async function insertReport(db: Db, draft: ReportDraft, owner: ReportOwner): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  await db
    .insertInto('dashboard_reports')
    .values({
      id,
      org_id: owner.orgId,
      title: draft.title,
      settings: JSON.stringify(draft.settings),
      elements: JSON.stringify(draft.elements),
      created_by: owner.userId,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

/** Replaces the report's title, settings and elements; false when the organization has no report of that id. */
export async function updateReport(db: Db, orgId: string, id: string, draft: ReportDraft): Promise<boolean> {
  const result = await db
    .updateTable('dashboard_reports')
    .set({ title: draft.title, settings: JSON.stringify(draft.settings), elements: JSON.stringify(draft.elements), updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .where('org_id', '=', orgId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** False when the organization has no report of that id. */
export async function deleteReport(db: Db, orgId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('dashboard_reports').where('id', '=', id).where('org_id', '=', orgId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
