import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { DateTime } from 'luxon';
import { stepNotes, type FileRef, type RunDetails, type StepDetail } from '../../../shared/contracts/runs';
import { resolveArtifact, safeFileName } from '../artifacts';
import { passedOnRetryText } from '../../../shared/contracts/flakiness';
import { RETENTION_MESSAGES } from '../../../shared/contracts/retention';
import { attemptLabel, attemptsOf, passedOnRetryOf, wasRetried } from '../../../shared/run-attempts';

const IMAGE_TYPES: Record<string, string> = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg' };

export function isKnownTimeZone(zone: string): boolean {
  return DateTime.now().setZone(zone).isValid;
}

const escapeHtml = (text: string): string =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');

function formatTime(iso: string | null, zone: string): string {
  if (!iso) return '-';
  return DateTime.fromISO(iso, { zone: 'utc' }).setZone(zone).toFormat('MMM-dd-yyyy HH:mm:ss ZZZZ');
}

/** Durations are shown as minutes and seconds (spec part 1 §9). */
function formatDuration(start: string | null, end: string | null): string {
  if (!start || !end) return '-';
  const seconds = Math.max(0, Math.round((Date.parse(end) - Date.parse(start)) / 1000));
  return `${Math.floor(seconds / 60)}m ${seconds % 60}s`;
}

/** An image of the run as a data URL, so the report is one self-contained file; null when it cannot be read. */
async function imageDataUrl(artifactsRoot: string, image: FileRef): Promise<string | null> {
  const file = resolveArtifact(artifactsRoot, image.path);
  const type = IMAGE_TYPES[extname(image.path).toLowerCase()];
  if (!file || !type) return null;
  try {
    return `data:${type};base64,${(await readFile(file)).toString('base64')}`;
  } catch {
    return null;
  }
}

/** `artifactsRoot` null: the retention purge removed the run's files, and the report says so where they were. */
async function stepRow(artifactsRoot: string | null, flowName: string, loop: number, attempt: string, step: StepDetail): Promise<string> {
  const images = await Promise.all(
    step.images.map(async (image) => {
      if (artifactsRoot === null) return escapeHtml(RETENTION_MESSAGES.screenshotRemoved);
      const url = await imageDataUrl(artifactsRoot, image);
      return url ? `<img src="${url}" alt="${escapeHtml(image.name)}">` : escapeHtml(`${image.name} (unavailable)`);
    }),
  );
  const cells = [flowName, String(loop), attempt, step.stepId, step.stepName, step.result, stepNotes(step)].map((cell) => `<td>${escapeHtml(cell)}</td>`);
  const attachments = step.attachments.map((file) => escapeHtml(file.name)).join('<br>');
  return `<tr class="${step.result.toLowerCase()}">${cells.join('')}<td>${images.join('')}</td><td>${attachments}</td></tr>`;
}

const STYLE = `body{font-family:system-ui,sans-serif;margin:24px;color:#1b1b1b}table{border-collapse:collapse;width:100%;margin:12px 0}
th,td{border:1px solid #ccc;padding:4px 8px;text-align:left;vertical-align:top;font-size:14px}th{background:#f1f1f1}
tr.failed td{background:#fdecea}tr.skipped td{color:#777}img{max-width:320px;display:block}.PASSED{color:#1e7d32}
.FAILED,.ABORTED,.CANCELLED{color:#b3261e}pre{white-space:pre-wrap;background:#f7f7f7;padding:8px}`;

/** The collection report of one run as a self-contained HTML page, times in `zone`. */
export async function renderRunReport(details: RunDetails, zone: string, artifactsRoot: string): Promise<string> {
  const cases = details.testCaseDetails;
  const failed = cases.filter((testCase) => testCase.testCaseResult === 'FAILED').length;
  const summary: [string, string][] = [
    ['Collection', details.testSuiteName],
    ['Collection id', details.collectionId],
    ['Status id', details.statusId],
    ['Status', details.testStatus],
    ['Resources', details.displayDevices || '-'],
    ['Triggered by', details.triggeredByName],
    ['Submitted', formatTime(details.timeSubmitted, zone)],
    ['Started', formatTime(details.timeStarted, zone)],
    ['Completed', formatTime(details.timeCompleted, zone)],
    ['Duration', formatDuration(details.timeStarted, details.timeCompleted)],
    ['Flows', `${cases.length} (${cases.length - failed} passed, ${failed} failed)`],
  ];
  if (details.progress.videoMessage) summary.push(['Video', details.progress.videoMessage]);
  if (details.attachments.length > 0) summary.push(['Attachments', details.attachments.map((file) => file.name).join(', ')]);
  const retried = cases.flatMap((testCase) => {
    const retry = passedOnRetryOf(testCase);
    return retry === null ? [] : [`${testCase.testCaseName}: ${passedOnRetryText(retry).toLowerCase()}`];
  });
  if (retried.length > 0) summary.push(['Passed on a retry', retried.join(', ')]);
  const rows = await Promise.all(
    cases.flatMap((testCase) =>
      attemptsOf(testCase).flatMap((attempt) =>
        attempt.loops.flatMap((loop) =>
          loop.steps.map((step) => stepRow(details.artifactsRemovedAt ? null : artifactsRoot, testCase.testCaseName, loop.loop, wasRetried(testCase) ? attemptLabel(attempt) : '1', step)),
        ),
      ),
    ),
  );
  const logs = details.logsList.map((line) => `${formatTime(line.key, zone)}  ${line.value}`).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(`${details.testSuiteName} — ${details.testStatus}`)}</title>
<style>${STYLE}</style></head><body>
<h1>${escapeHtml(details.testSuiteName)} <span class="${details.testStatus}">${details.testStatus}</span></h1>
<table><tbody>${summary.map(([name, value]) => `<tr><th>${escapeHtml(name)}</th><td>${escapeHtml(value)}</td></tr>`).join('')}</tbody></table>
<h2>Flows</h2>
<table><thead><tr><th>Flow Name</th><th>Flow Loop</th><th>Attempt</th><th>Step Id</th><th>Step Name</th><th>Result</th><th>Notes</th><th>Image Link</th><th>Attachments</th></tr></thead>
<tbody>${rows.join('\n')}</tbody></table>
<h2>Logs</h2><pre>${escapeHtml(logs)}</pre>
<p>Times in ${escapeHtml(zone)}.</p>
</body></html>
`;
}

/** A file name for a run's report: the collection name and the status id. */
export function reportFileName(details: Pick<RunDetails, 'testSuiteName' | 'statusId'>): string {
  return `${safeFileName(details.testSuiteName)}-${details.statusId}.html`;
}
