import { useRef, useState, type RefObject } from 'react';
import { exportNode, HIDE_ON_EXPORT_CLASS, type DomExportFormat } from '../../../lib/dom-export';
import { MenuButton, type MenuAction } from '../../../ui/Menu';
import { toast } from '../../../ui/toast-queue';

/** Not in the spec, which names only the HTML report's failure; worded like it. */
export const EXPORT_MESSAGES = {
  failed: 'Something went wrong, unable to export the dashboard',
} as const;

export interface DashboardExportButtonProps {
  /** The view to capture: the whole dashboard, with its hide-on-pdf controls (this button too) left out. */
  target: RefObject<HTMLElement | null>;
  /** The dashboard id: the files are saved as <id>.png and <id>.pdf (part 3 §2). */
  dashboardId: string;
}

const FORMATS: readonly { id: DomExportFormat; label: string }[] = [
  { id: 'png', label: 'PNG image' },
  { id: 'pdf', label: 'PDF document' },
];

/**
 * The dashboards' Export button (part 3 §2 Operations and Leadership dashboard): a PNG, or a PDF of the same view, of
 * `target`, named with the dashboard id. One export at a time: a second press while the first is captured does nothing.
 */
export function DashboardExportButton({ target, dashboardId }: DashboardExportButtonProps) {
  const [exporting, setExporting] = useState(false);
  // A ref as well as the state: two menu actions in one tick would both see the state still false.
  const busy = useRef(false);

  const exportAs = async (format: DomExportFormat) => {
    const node = target.current;
    if (!node || busy.current) return;
    busy.current = true;
    setExporting(true);
    try {
      await exportNode(node, dashboardId, format);
    } catch {
      toast.error(EXPORT_MESSAGES.failed);
    } finally {
      busy.current = false;
      setExporting(false);
    }
  };

  const items: MenuAction[] = FORMATS.map((format) => ({ ...format, isDisabled: exporting }));
  return (
    <div className={`${HIDE_ON_EXPORT_CLASS} dashboard-export`} aria-busy={exporting}>
      <MenuButton
        label="Export"
        variant="secondary"
        trigger={exporting ? 'Exporting…' : 'Export'}
        items={items}
        onAction={(id) => {
          const format = FORMATS.find((candidate) => candidate.id === id);
          if (format) void exportAs(format.id);
        }}
      />
    </div>
  );
}
