import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { Tag, TestSuiteFeedItem } from '../../shared/contracts/collections';
import { emptySelectorValue, type CollectionSelectorValue } from './selector-value';
import { CollectionTagSelector, TAG_FILTER_DELAY_MS } from './CollectionTagSelector';

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

describe('CollectionTagSelector', () => {
  it('limits collection picks to maxAllowedSelection and reports the minimum', async () => {
    const user = userEvent.setup();
    render(<Harness maxAllowedSelection={2} minSelection={1} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Select at least 1 collections.');
    await user.click(screen.getByRole('checkbox', { name: 'Alpha' }));
    await user.click(screen.getByRole('checkbox', { name: 'Beta' }));
    expect(screen.getByRole('checkbox', { name: 'Gamma' })).toBeDisabled();
    expect(screen.getByRole('status', { name: 'Picked' })).toHaveTextContent('a,b');
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
    await user.click(screen.getByRole('checkbox', { name: 'v2.0' }));
    // The list follows the tags only once they have rested for the delay.
    expect(listed('Matching collections')).toEqual(['Alpha', 'Beta', 'Gamma']);
    await waitFor(() => expect(listed('Matching collections')).toEqual(['Alpha', 'Gamma']), { timeout: TAG_FILTER_DELAY_MS * 4 });
    await user.click(screen.getByRole('checkbox', { name: 'web' }));
    await waitFor(() => expect(listed('Matching collections')).toEqual(['Alpha']), { timeout: TAG_FILTER_DELAY_MS * 4 });
    await user.click(screen.getByRole('checkbox', { name: 'web' }));
    await waitFor(() => expect(listed('Matching collections')).toEqual(['Alpha', 'Gamma']), { timeout: TAG_FILTER_DELAY_MS * 4 });

    await user.click(screen.getByRole('radio', { name: 'Filter' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Select at least one collection.');
    await user.click(screen.getByRole('button', { name: 'Select all' }));
    expect(screen.getByRole('status', { name: 'Picked' })).toHaveTextContent(/^a$/);
    expect(screen.getByRole('checkbox', { name: 'Gamma' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Unselect all' }));
    expect(screen.getByRole('status', { name: 'Picked' })).toHaveTextContent(/^$/);
  });

  it('resets the value when the option type changes', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('checkbox', { name: 'Alpha' }));
    await user.click(screen.getByRole('radio', { name: 'Tags' }));
    await user.click(screen.getByRole('radio', { name: 'Collections' }));
    expect(screen.getByRole('checkbox', { name: 'Alpha' })).not.toBeChecked();
  });
});
