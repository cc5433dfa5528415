import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { pickCollections } from '../../../tests/support/collection-selector';
import type { Tag, TestSuiteFeedItem } from '../../shared/contracts/collections';
import { emptySelectorValue, type CollectionSelectorValue } from './selector-value';
import { CollectionTagSelector } from './CollectionTagSelector';

const tags: Tag[] = [
  { id: 'web', tagName: 'web', tagType: 'ORGANIZATION_TAG', hideTag: false },
  { id: 'smoke', tagName: 'smoke', tagType: 'ORGANIZATION_TAG', hideTag: false },
  { id: 'v2', tagName: 'v2.0', tagType: 'VERSION_TAG', hideTag: false },
  { id: 'secret', tagName: 'secret', tagType: 'ORGANIZATION_TAG', hideTag: true },
];
const suites: TestSuiteFeedItem[] = [
  { id: 'a', testSuiteName: 'Alpha', tags: ['web', 'smoke'], version: 'v2' },
  { id: 'b', testSuiteName: 'Beta', tags: ['web'], version: null },
  { id: 'c', testSuiteName: 'Gamma', tags: ['smoke'], version: 'v2' },
];

function Harness({ maxAllowedSelection, minSelection }: { maxAllowedSelection?: number; minSelection?: number }) {
  const [value, setValue] = useState<CollectionSelectorValue>(emptySelectorValue('COLLECTION'));
  return (
    <>
      <CollectionTagSelector suites={suites} tags={tags} value={value} onChange={setValue} maxAllowedSelection={maxAllowedSelection} minSelection={minSelection} />
      <output aria-label="Picked">{value.optionType === 'COLLECTION' ? value.testStatusIdList.join(',') : value.customTestStatusIdList.join(',')}</output>
    </>
  );
}

const listed = (label: string) => within(screen.getByRole('list', { name: label })).getAllByRole('listitem').map((item) => item.textContent);
const picked = () => screen.getByRole('status', { name: 'Picked' });

describe('CollectionTagSelector', () => {
  it('picks collections in the multi-select selector, limited to maxAllowedSelection, with one error line for the minimum', async () => {
    const user = userEvent.setup();
    render(<Harness maxAllowedSelection={2} minSelection={1} />);
    expect(screen.getAllByText('Select at least 1 collections.')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: /Collections$/ }));
    await user.click(await screen.findByRole('option', { name: 'Alpha' }));
    await user.click(screen.getByRole('option', { name: 'Beta' }));
    expect(screen.getByRole('option', { name: 'Gamma' })).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(picked()).toHaveTextContent('a,b');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('filters by all chosen organisation tags and the version after the delay, with Filter and select all', async () => {
    const user = userEvent.setup();
    render(<Harness maxAllowedSelection={1} />);
    await user.click(screen.getByRole('radio', { name: 'Tags' }));
    expect(screen.getByText('Select Tag/Version')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'secret' })).toBeNull();
    expect(listed('Matching collections')).toEqual(['Alpha', 'Beta', 'Gamma']);

    await user.click(screen.getByRole('checkbox', { name: 'smoke' }));
    // The list follows the tags only once they have rested for the delay. Checked right after one click: the click's
    // own timers are due before the delay's, so even a stalled machine runs this check first.
    expect(listed('Matching collections')).toEqual(['Alpha', 'Beta', 'Gamma']);
    await user.click(screen.getByRole('checkbox', { name: 'v2.0' }));
    await waitFor(() => expect(listed('Matching collections')).toEqual(['Alpha', 'Gamma']));
    await user.click(screen.getByRole('checkbox', { name: 'web' }));
    await waitFor(() => expect(listed('Matching collections')).toEqual(['Alpha']));
    await user.click(screen.getByRole('checkbox', { name: 'web' }));
    await waitFor(() => expect(listed('Matching collections')).toEqual(['Alpha', 'Gamma']));

    await user.click(screen.getByRole('radio', { name: 'Filter' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Select at least one collection.');
    await user.click(screen.getByRole('button', { name: 'Select all' }));
    expect(picked()).toHaveTextContent(/^a$/);
    await user.click(screen.getByRole('button', { name: /Matching collections$/ }));
    expect(await screen.findByRole('option', { name: 'Gamma' })).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Unselect all' }));
    expect(picked()).toHaveTextContent(/^$/);
  });

  it('cannot close while Filter has no collection ticked, and closes once one is', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('radio', { name: 'Tags' }));
    await user.click(screen.getByRole('radio', { name: 'Filter' }));
    await user.click(screen.getByRole('button', { name: /Matching collections$/ }));
    const listbox = await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    await user.click(document.body);
    expect(listbox).toBeInTheDocument();
    expect(within(screen.getByRole('dialog')).getByRole('alert')).toHaveTextContent('Select at least one collection.');

    await user.click(screen.getByRole('option', { name: 'Beta' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(picked()).toHaveTextContent('b');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('resets the value when the option type changes', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await pickCollections(user, 'Collections', ['Alpha']);
    expect(picked()).toHaveTextContent('a');
    await user.click(screen.getByRole('radio', { name: 'Tags' }));
    await user.click(screen.getByRole('radio', { name: 'Collections' }));
    expect(picked()).toHaveTextContent(/^$/);
    expect(screen.getByRole('button', { name: /Collections$/ })).toHaveTextContent('Select a collection');
  });
});
