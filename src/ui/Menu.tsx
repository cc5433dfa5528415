import type { ReactNode } from 'react';
import { Menu as AriaMenu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { Button, type ButtonVariant } from './Button';
import './ui.css';

export interface MenuAction {
  id: string;
  label: string;
  isDisabled?: boolean;
}

export interface MenuButtonProps {
  /** Accessible name of the trigger; also its text unless `trigger` is given. */
  label: string;
  trigger?: ReactNode;
  variant?: ButtonVariant;
  items: readonly MenuAction[];
  onAction: (id: string) => void;
}

/** The one wrapper of react-aria's MenuTrigger + Menu: a button that opens a list of actions. */
export function MenuButton({ label, trigger, variant = 'ghost', items, onAction }: MenuButtonProps) {
  return (
    <MenuTrigger>
      <Button variant={variant} aria-label={label}>{trigger ?? label}</Button>
      <Popover className="ui-popover" placement="bottom end">
        <AriaMenu
          className="ui-menu"
          aria-label={label}
          disabledKeys={items.filter((item) => item.isDisabled).map((item) => item.id)}
          onAction={(key) => onAction(String(key))}
        >
          {items.map((item) => (
            <MenuItem key={item.id} id={item.id} className="ui-menu__item">
              {item.label}
            </MenuItem>
          ))}
        </AriaMenu>
      </Popover>
    </MenuTrigger>
  );
}
