import { reportLink } from '../../shared/report-link';
import type { MailPayload, RunSummary } from './payload';

export interface OutgoingMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

export function formatDuration(ms: number | null): string {
  if (ms === null) return 'not started';
  const seconds = Math.round(ms / 1000);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return h > 0 ? `${h} h ${m} min ${s} s` : m > 0 ? `${m} min ${s} s` : `${s} s`;
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** A mail as lines: the text part joins them, the HTML part escapes them and makes links of the `link` lines. */
type Line = { text: string } | { link: string; label: string };

function runLines(run: RunSummary, publicUrl: string): Line[] {
  const lines: Line[] = [
    { text: `Collection: ${run.collectionName}` },
    { text: `Result: ${run.state}` },
    { text: `Passed: ${run.passedSteps} step(s), ${run.passedFlows} flow(s)` },
    { text: `Failed: ${run.failedSteps} step(s), ${run.failedFlows} flow(s)` },
    { text: `Skipped: ${run.skippedSteps} step(s)` },
    ...(run.quarantinedFailedFlows.length > 0 ? [{ text: `Failed in quarantine (not counted): ${run.quarantinedFailedFlows.join(', ')}` }] : []),
    { text: `Duration: ${formatDuration(run.durationMs)}` },
  ];
  if (run.failures.length > 0) {
    lines.push({ text: 'Failed steps:' });
    for (const failure of run.failures) {
      lines.push({ text: `- ${failure.flow} / ${failure.step}${failure.error === '' ? '' : `: ${failure.error}`}` });
    }
    if (run.moreFailures > 0) lines.push({ text: `- and ${run.moreFailures} more` });
  }
  lines.push({ link: reportLink(publicUrl, run.statusId), label: 'Report' });
  return lines;
}

function subjectAndLines(payload: MailPayload, publicUrl: string): { subject: string; lines: Line[] } {
  switch (payload.kind) {
    case 'RUN_FINISHED': {
      const { run } = payload;
      return {
        subject: `${run.collectionName}: ${run.state} (${run.passedSteps} passed, ${run.failedSteps} failed)`,
        lines: runLines(run, publicUrl),
      };
    }
    case 'FIRING_FINISHED': {
      const failed = payload.runs.filter((run) => run.state !== 'PASSED').length;
      const lines: Line[] = [
        { text: `Schedule: ${payload.scheduleName}` },
        { text: `Status: ${payload.status}` },
        { text: `Collections: ${payload.runs.length} run, ${payload.runs.length - failed} passed, ${failed} not passed` },
        { text: `Duration: ${formatDuration(payload.durationMs)}` },
      ];
      for (const name of payload.skipped) lines.push({ text: `Not run: ${name}` });
      for (const run of payload.runs) lines.push({ text: '' }, ...runLines(run, publicUrl));
      return { subject: `Schedule ${payload.scheduleName}: ${payload.status} (${payload.runs.length - failed} passed, ${failed} failed)`, lines };
    }
    case 'WAIT_IN_QUEUE':
      return {
        subject: `Schedule ${payload.scheduleName}: ${payload.collectionName} is waiting in the queue`,
        lines: [
          { text: `Schedule: ${payload.scheduleName}` },
          { text: `${payload.collectionName} has waited more than ${payload.minutes} minute(s) in the queue.` },
        ],
      };
  }
}

/** The mail of an outbox row, its links under `publicUrl` (the app's address as users reach it). */
export function composeMail(payload: MailPayload, recipients: readonly string[], publicUrl: string): OutgoingMail {
  const { subject, lines } = subjectAndLines(payload, publicUrl);
  const text = lines.map((line) => ('link' in line ? `${line.label}: ${line.link}` : line.text)).join('\n');
  const html = lines
    .map((line) =>
      'link' in line ? `<p><a href="${escapeHtml(line.link)}">${escapeHtml(line.label)}</a></p>` : line.text === '' ? '<hr>' : `<p>${escapeHtml(line.text)}</p>`,
    )
    .join('\n');
  return { to: [...recipients], subject, text, html };
}
