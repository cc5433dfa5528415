import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

type OptionName = string | RegExp;

/**
 * Opens the select whose trigger `trigger()` finds, and picks `options` in order; a multiple select is closed with
 * Escape after. The options may come from the server after the select shows, and react-aria opens no select without
 * options: the trigger is clicked again until its list shows, as a person would.
 */
export async function chooseOptions(user: UserEvent, trigger: () => HTMLElement, options: readonly OptionName[], { multiple = false } = {}): Promise<void> {
  await waitFor(async () => {
    if (!screen.queryByRole('listbox')) await user.click(trigger());
    screen.getByRole('listbox');
  });
  for (const name of options) await user.click(await screen.findByRole('option', { name }));
  if (multiple) await user.keyboard('{Escape}');
}

/** Opens the select whose trigger `trigger()` finds and picks `option`. */
export const chooseOption = (user: UserEvent, trigger: () => HTMLElement, option: OptionName): Promise<void> => chooseOptions(user, trigger, [option]);

/** The trigger of the select labelled `label` (its accessible name ends with a label given as text). */
export const selectTrigger = (label: string | RegExp, container: HTMLElement = document.body) => () =>
  within(container).getByRole('button', { name: typeof label === 'string' ? new RegExp(`${label}$`) : label });
