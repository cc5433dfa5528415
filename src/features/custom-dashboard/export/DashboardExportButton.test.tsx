import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { domToPng } from 'modern-screenshot';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveBlob } from '../../../lib/save-blob';
import { ToastRegion } from '../../../ui/Toast';
import { toastQueue } from '../../../ui/toast-queue';
import { DashboardExportButton, EXPORT_MESSAGES } from './DashboardExportButton';

// happy-dom cannot draw the DOM; the e2e test exports a real dashboard in Chromium.
vi.mock('modern-screenshot', () => ({ domToPng: vi.fn() }));
vi.mock('../../../lib/save-blob', () => ({ saveBlob: vi.fn() }));

/** The PNG signature alone: enough for the PNG path, which decodes and saves the bytes without reading them. */
const PNG_DATA_URL = 'data:image/png;base64,iVBORw0KGgo=';

function Dashboard() {
  const view = useRef<HTMLElement>(null);
  return (
    <main ref={view} aria-label="Leadership Dashboard">
      <DashboardExportButton target={view} dashboardId="r-lead" />
      <div className="hide-on-pdf">Time frame</div>
      <p>Pass Rate % 75</p>
    </main>
  );
}

/** The visibility of the export controls at the moment the capture ran. */
let hiddenDuringCapture: boolean[] = [];

function renderDashboard() {
  render(
    <>
      <Dashboard />
      <ToastRegion />
    </>,
  );
  return userEvent.setup();
}

async function choose(user: ReturnType<typeof userEvent.setup>, format: 'PNG image' | 'PDF document') {
  await user.click(screen.getByRole('button', { name: 'Export' }));
  await user.click(await screen.findByRole('menuitem', { name: format }));
}

const exportControls = () => Array.from(document.querySelectorAll<HTMLElement>('.hide-on-pdf'));

beforeEach(() => {
  hiddenDuringCapture = [];
  vi.mocked(domToPng).mockImplementation(async () => {
    hiddenDuringCapture = exportControls().map((element) => getComputedStyle(element).display === 'none');
    return PNG_DATA_URL;
  });
});

afterEach(() => {
  vi.mocked(saveBlob).mockClear();
  for (const shown of toastQueue.visibleToasts) toastQueue.close(shown.key);
});

describe('DashboardExportButton', () => {
  it('saves <dashboard id>.png of the view, with itself and the other hide-on-pdf controls hidden during the capture', async () => {
    const user = renderDashboard();
    await choose(user, 'PNG image');

    await waitFor(() => expect(saveBlob).toHaveBeenCalledTimes(1));
    expect(domToPng).toHaveBeenCalledWith(screen.getByRole('main', { name: 'Leadership Dashboard' }), expect.any(Object));
    expect(hiddenDuringCapture).toEqual([true, true]);
    expect(vi.mocked(saveBlob).mock.calls[0]?.[0]).toBe('r-lead.png');
    // Shown again afterwards.
    expect(exportControls().map((element) => getComputedStyle(element).display)).not.toContain('none');
    expect(screen.getByRole('button', { name: 'Export' })).toHaveTextContent('Export');
  });

  it("says 'Something went wrong, unable to export the dashboard' when the capture fails, and shows the controls again", async () => {
    vi.mocked(domToPng).mockRejectedValueOnce(new Error('tainted canvas'));
    const user = renderDashboard();
    await choose(user, 'PDF document');

    expect(await screen.findByText(EXPORT_MESSAGES.failed)).toBeInTheDocument();
    expect(saveBlob).not.toHaveBeenCalled();
    expect(exportControls().map((element) => getComputedStyle(element).display)).not.toContain('none');
  });

  it('is a tab stop that opens its formats from the keyboard', async () => {
    const user = renderDashboard();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Export' })).toHaveFocus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { name: 'Export' });
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['PNG image', 'PDF document']);
  });
});
