import type { ReactNode } from 'react';
import { Header, Menu as AriaMenu, MenuItem, MenuSection, MenuTrigger, Popover } from 'react-aria-components';
import { Button, type ButtonVariant } from './Button';
import './ui.css';

export interface MenuAction {
  id: string;
  label: string;
  isDisabled?: boolean;
  /** An app path (e.g. '/organizations/new?type=RTA'): the item is a link, followed through the router. */
  href?: string;
}

export interface MenuButtonProps {
  /** Accessible name of the trigger; also its text unless `trigger` is given. */
  label: string;
  trigger?: ReactNode;
  variant?: ButtonVariant;
  items: readonly MenuAction[];
  /** Called for items without an href. */
  onAction?: (id: string) => void;
  /** A heading shown above the items (the items become one section under it). */
  heading?: string;
}

function MenuItems({ items }: { items: readonly MenuAction[] }) {
  return items.map((item) => (
    <MenuItem key={item.id} id={item.id} href={item.href} className="ui-menu__item">
      {item.label}
    </MenuItem>
  ));
}

/** The one wrapper of react-aria's MenuTrigger + Menu: a button that opens a list of actions (or links). */
export function MenuButton({ label, trigger, variant = 'ghost', items, onAction, heading }: MenuButtonProps) {
  return (
    <MenuTrigger>
      <Button variant={variant} aria-label={label}>{trigger ?? label}</Button>
      <Popover className="ui-popover" placement="bottom end">
        <AriaMenu
          className="ui-menu"
          aria-label={label}
          disabledKeys={items.filter((item) => item.isDisabled).map((item) => item.id)}
          onAction={(key) => onAction?.(String(key))}
        >
          {heading ? (
            <MenuSection>
              <Header className="ui-menu__header">{heading}</Header>
              <MenuItems items={items} />
            </MenuSection>
          ) : (
            <MenuItems items={items} />
          )}
        </AriaMenu>
      </Popover>
    </MenuTrigger>
  );
}
