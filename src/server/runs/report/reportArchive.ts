import { strToU8, zipSync, type Zippable } from 'fflate';
import type { Db } from '../../db/database';
import { artifactsRoot } from '../artifacts';
import type { RunRow } from '../repository';
import { runDetailsOf } from '../runViews';
import { renderRunReport, reportFileName } from './htmlReport';

export interface RenderedReport {
  name: string;
  html: string;
}

/** The HTML report of each run, times in `timezone` (screenshots inlined from DATA_DIR/artifacts). */
export async function renderReports(db: Db, runs: readonly RunRow[], timezone: string, filesDir: string): Promise<RenderedReport[]> {
  const root = artifactsRoot(filesDir);
  const reports: RenderedReport[] = [];
  for (const run of runs) {
    const details = await runDetailsOf(db, run);
    reports.push({ name: reportFileName(details), html: await renderRunReport(details, timezone, root) });
  }
  return reports;
}

/** The reports as one zip, each file named after its report. */
export function zipReports(reports: readonly RenderedReport[]): Uint8Array<ArrayBuffer> {
  const files: Zippable = Object.fromEntries(reports.map((report) => [report.name, strToU8(report.html)]));
  // A copy typed on a plain ArrayBuffer, which a Response body takes.
  return new Uint8Array(zipSync(files));
}

export const zipHeaders = (fileName: string): Record<string, string> => ({
  'Content-Type': 'application/zip',
  'Content-Disposition': `attachment; filename="${fileName}"`,
});
