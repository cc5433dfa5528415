import type { UserEvent } from '@testing-library/user-event';
import { chooseOptions, selectTrigger } from './select';

/** Opens the multi-select collection selector labelled `label`, ticks `names`, and closes it with Escape. */
export async function pickCollections(user: UserEvent, label: string, names: readonly string[]): Promise<void> {
  await chooseOptions(user, selectTrigger(label), names, { multiple: true });
}
