import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { FlowHistoryEntry } from '../shared/contracts/flakiness';
import { HistoryStrip, NO_HISTORY_TEXT } from './HistoryStrip';

const results: FlowHistoryEntry[] = [
  { statusId: 'run-1', time: '2026-03-05T09:00:00.000Z', result: 'PASSED' },
  { statusId: 'run-2', time: '2026-03-05T10:00:00.000Z', result: 'FAILED' },
  { statusId: 'run-3', time: '2026-03-05T11:00:00.000Z', result: 'SKIPPED' },
  { statusId: 'run-4', time: '2026-03-05T12:00:00.000Z', result: 'ABORTED' },
];

function renderStrip(currentStatusId?: string) {
  const onOpenRun = vi.fn<(statusId: string) => void>();
  render(
    <>
      <button type="button">before</button>
      <HistoryStrip label="History of Sign in" results={results} onOpenRun={onOpenRun} currentStatusId={currentStatusId} />
      <button type="button">after</button>
    </>,
  );
  const strip = screen.getByRole('group', { name: 'History of Sign in' });
  return { onOpenRun, strip, marks: within(strip).getAllByRole('link'), user: userEvent.setup() };
}

describe('HistoryStrip', () => {
  it('names a pass on a retry as such (issue 29)', () => {
    render(
      <HistoryStrip
        label="History of Pay"
        results={[{ statusId: 'run-9', time: '2026-03-05T09:00:00.000Z', result: 'PASSED', passedOnRetry: 1 }]}
        onOpenRun={() => undefined}
      />,
    );
    expect(screen.getByRole('link').getAttribute('aria-label')).toMatch(/^Passed on retry 1, Mar 5, 2026, .*, run run-9$/);
  });

  it('names every mark with its result, time and run, oldest first, and shows a letter besides the colour', () => {
    const { marks } = renderStrip('run-2');
    expect(marks.map((mark) => mark.getAttribute('aria-label'))).toEqual([
      expect.stringMatching(/^Passed, Mar 5, 2026, \d{1,2}:00:00 [AP]M, run run-1$/),
      expect.stringMatching(/^Failed, Mar 5, 2026, \d{1,2}:00:00 [AP]M, run run-2 \(this run\)$/),
      expect.stringMatching(/^Skipped, .*, run run-3$/),
      expect.stringMatching(/^Aborted, .*, run run-4$/),
    ]);
    expect(marks.map((mark) => mark.textContent)).toEqual(['P', 'F', 'S', 'A']);
    expect(marks[1]).toHaveAttribute('aria-current', 'true');
    expect(marks[0]).not.toHaveAttribute('aria-current');
  });

  it('is one tab stop, on the newest mark, and the arrow keys, Home and End move between marks', async () => {
    const { marks, user } = renderStrip();
    await user.tab();
    await user.tab();
    expect(marks[3]).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(marks[2]).toHaveFocus();
    await user.keyboard('{Home}');
    expect(marks[0]).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(marks[1]).toHaveFocus();
    await user.keyboard('{End}');
    expect(marks[3]).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    await user.tab();
    expect(screen.getByRole('button', { name: 'after' })).toHaveFocus();
    // Back into the strip: the mark last focused is the tab stop.
    await user.tab({ shift: true });
    expect(marks[2]).toHaveFocus();
  });

  it('shows the focused mark in a tooltip, and Enter or a click opens its run', async () => {
    const { marks, user, onOpenRun } = renderStrip();
    await user.tab();
    await user.tab();
    expect(await screen.findByRole('tooltip')).toHaveTextContent(/^Aborted, .*, run run-4\. Opens its report\.$/);
    await user.keyboard('{ArrowLeft}{Enter}');
    expect(onOpenRun).toHaveBeenLastCalledWith('run-3');
    await user.click(marks[0]!);
    expect(onOpenRun).toHaveBeenLastCalledWith('run-1');
  });

  it('says so when the flow has no finished run', () => {
    render(<HistoryStrip label="History of New flow" results={[]} onOpenRun={() => undefined} />);
    expect(screen.getByText(NO_HISTORY_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
