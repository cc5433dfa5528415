import { useState } from 'react';
import { DASHBOARD_MESSAGES } from '../../../shared/contracts/dashboards';
import { Disclosure, Drawer } from '../../../ui/Disclosure';
import { Link } from '../../../ui/Link';
import { activeRouteOf, drawerReports, isEntryActive, type MenuEntry, type MenuIcon, type SavedReports } from '../menu-items';

const ICON_GLYPHS: Record<MenuIcon, string> = {
  studio: '✎',
  'studio-rta': '✐',
  'control-room': '▶',
  'operations-center': '◎',
  organizations: '⚙',
  dashboard: '▦',
  'dashboard-my': '★',
  'dashboard-shared': '⇪',
  'static-dashboard': '▤',
  'custom-dashboard': '✚',
  'leadership-dashboard': '♛',
  'device-control': '▣',
  'user-create': '☺',
  'parser-config': '⚒',
};

export interface SideMenuProps {
  entries: readonly MenuEntry[];
  /** Current path relative to /studio. */
  pathname: string;
  /** Saved reports for the My Dashboards drawer. */
  savedReports: SavedReports;
}

function EntryLabel({ entry }: { entry: MenuEntry }) {
  return (
    <>
      <span className="side-menu__icon" aria-hidden="true">{ICON_GLYPHS[entry.icon]}</span>
      <span className="side-menu__label">{entry.label}</span>
      {entry.badge && <span className="side-menu__badge">{entry.badge}</span>}
    </>
  );
}

/** The side menu: permission-filtered entries, submenus, and the My Dashboards drawer. */
export function SideMenu({ entries, pathname, savedReports }: SideMenuProps) {
  const activeRoute = activeRouteOf(pathname);
  const [openDrawer, setOpenDrawer] = useState<string | null>(null);
  const [submenuChoice, setSubmenuChoice] = useState<Record<string, boolean>>({});
  const reports = typeof savedReports === 'string' ? savedReports : drawerReports(savedReports);

  const renderEntry = (entry: MenuEntry) => {
    const active = isEntryActive(entry, activeRoute);
    if (entry.drawer) {
      return (
        <Drawer
          title={<EntryLabel entry={entry} />}
          panelLabel={entry.label}
          isExpanded={openDrawer === entry.id}
          onExpandedChange={(expanded) => setOpenDrawer(expanded ? entry.id : null)}
          triggerClassName="side-menu__item"
        >
          {reports === 'loading' ? (
            <p className="side-menu__empty" role="status">Loading dashboards…</p>
          ) : reports === 'failed' ? (
            <p className="side-menu__empty" role="alert">{DASHBOARD_MESSAGES.reportsFailed}</p>
          ) : reports.length === 0 ? (
            <p className="side-menu__empty">{DASHBOARD_MESSAGES.noDashboards}</p>
          ) : (
            <ul className="side-menu__drawer-list">
              {reports.map((report) => (
                <li key={report.id}>
                  <Link variant="plain" href={`/dashboards/${encodeURIComponent(report.id)}`} onPress={() => setOpenDrawer(null)}>
                    {report.title}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </Drawer>
      );
    }
    if (entry.children && entry.children.length > 0) {
      return (
        <Disclosure
          title={<EntryLabel entry={entry} />}
          isExpanded={submenuChoice[entry.id] ?? active}
          onExpandedChange={(expanded) => setSubmenuChoice((choice) => ({ ...choice, [entry.id]: expanded }))}
          className={active ? 'side-menu__submenu side-menu__submenu--active' : 'side-menu__submenu'}
          triggerClassName="side-menu__item"
        >
          <ul className="side-menu__list side-menu__list--nested">{entry.children.map((child) => <li key={child.id}>{renderEntry(child)}</li>)}</ul>
        </Disclosure>
      );
    }
    return (
      <Link
        variant="plain"
        href={entry.to}
        aria-current={active ? 'page' : undefined}
        className={active ? 'side-menu__item side-menu__item--active' : 'side-menu__item'}
      >
        <EntryLabel entry={entry} />
      </Link>
    );
  };

  return (
    <nav className="side-menu" aria-label="Main menu">
      <ul className="side-menu__list">{entries.map((entry) => <li key={entry.id}>{renderEntry(entry)}</li>)}</ul>
    </nav>
  );
}
