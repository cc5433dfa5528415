import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** Opens the multi-select collection selector labelled `label`, ticks `names`, and closes it with Escape. */
export async function pickCollections(user: UserEvent, label: string, names: readonly string[]): Promise<void> {
  await user.click(screen.getByRole('button', { name: new RegExp(`${label}$`) }));
  for (const name of names) await user.click(await screen.findByRole('option', { name }));
  await user.keyboard('{Escape}');
}
