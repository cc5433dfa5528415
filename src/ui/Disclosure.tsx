import type { ReactNode } from 'react';
import { Button as AriaButton, Disclosure as AriaDisclosure, DisclosurePanel, Heading } from 'react-aria-components';
import './ui.css';

export interface DisclosureProps {
  /** Content of the trigger button. */
  title: ReactNode;
  children: ReactNode;
  isExpanded?: boolean;
  defaultExpanded?: boolean;
  onExpandedChange?: (isExpanded: boolean) => void;
  /** 'drawer' shows the panel as a fly-out beside the trigger instead of below it. */
  presentation?: 'inline' | 'drawer';
  /** Accessible name of the panel (drawers). */
  panelLabel?: string;
  className?: string;
  triggerClassName?: string;
}

/**
 * The one wrapper of react-aria's Disclosure. The same trigger opens and closes the panel,
 * which is what a side-menu drawer needs ("opening the same drawer again closes it").
 */
export function Disclosure({ title, children, isExpanded, defaultExpanded, onExpandedChange, presentation = 'inline', panelLabel, className, triggerClassName }: DisclosureProps) {
  return (
    <AriaDisclosure
      className={['ui-disclosure', `ui-disclosure--${presentation}`, className ?? ''].join(' ').trim()}
      isExpanded={isExpanded}
      defaultExpanded={defaultExpanded}
      onExpandedChange={onExpandedChange}
    >
      {({ isExpanded: expanded }) => (
        <>
          <Heading level={3} className="ui-disclosure__heading">
            <AriaButton slot="trigger" className={['ui-disclosure__trigger', triggerClassName ?? ''].join(' ').trim()}>
              {title}
              <span aria-hidden="true" className="ui-disclosure__chevron">{expanded ? '▴' : '▾'}</span>
            </AriaButton>
          </Heading>
          <DisclosurePanel className="ui-disclosure__panel" aria-label={panelLabel}>
            {presentation === 'drawer' ? (
              // Escape closes a fly-out the way it closes other overlays.
              <div
                onKeyDown={(event) => {
                  if (event.key === 'Escape') onExpandedChange?.(false);
                }}
              >
                {children}
              </div>
            ) : (
              children
            )}
          </DisclosurePanel>
        </>
      )}
    </AriaDisclosure>
  );
}

export type DrawerProps = Omit<DisclosureProps, 'presentation'>;

/** A fly-out panel toggled by its trigger (side-menu drawers). */
export function Drawer(props: DrawerProps) {
  return <Disclosure {...props} presentation="drawer" />;
}
