import type { ReactNode } from 'react';
import { flags, type StudioConfig } from '../../../shared/config';

export type StatusPanelId = 'recording' | 'import-export' | 'last-completed' | 'running' | 'pending-imports' | 'recordings' | 'downloads';

/** The content of each panel, filled by the features that own it (composed in src/routes). */
export type StatusPanelSlots = Partial<Record<StatusPanelId, ReactNode>>;

export interface CollectionStatusSidebarProps {
  config: StudioConfig;
  panels?: StatusPanelSlots;
}

interface Panel {
  id: StatusPanelId;
  title: string;
  isShown: (config: StudioConfig) => boolean;
}

const always = () => true;

/** Panels of spec part 1 §2 Collection status sidebar; the runs, recording and transfer issues fill them. */
const PANELS: readonly Panel[] = [
  { id: 'recording', title: 'Collection Recording', isShown: flags.collectionRecording },
  { id: 'import-export', title: 'Collection Import / Export', isShown: flags.collectionImportExport },
  { id: 'last-completed', title: 'Last Collection Completed', isShown: always },
  { id: 'running', title: 'Currently Running', isShown: always },
  { id: 'pending-imports', title: 'Pending Import Collections', isShown: always },
  { id: 'recordings', title: 'Recording Collections', isShown: always },
  { id: 'downloads', title: 'Export / Download Queue', isShown: always },
];

/** The right-hand collection status sidebar (20% wide, 15% on extra-large screens; see app.css). */
export function CollectionStatusSidebar({ config, panels = {} }: CollectionStatusSidebarProps) {
  return (
    <aside className="status-sidebar" aria-label="Collection status">
      {PANELS.filter((panel) => panel.isShown(config)).map((panel) => (
        <section key={panel.id} className="status-sidebar__panel" aria-labelledby={`status-panel-${panel.id}`}>
          <h2 id={`status-panel-${panel.id}`} className="status-sidebar__title">{panel.title}</h2>
          {panels[panel.id]}
        </section>
      ))}
    </aside>
  );
}
