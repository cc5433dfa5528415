import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { CollectionSelector, selectionLimitError, type CollectionChoice, type SelectionLimits } from './CollectionSelector';

const collections: CollectionChoice[] = [
  { id: 'a', testSuiteName: 'Alpha' },
  { id: 'b', testSuiteName: 'Beta' },
  { id: 'c', testSuiteName: 'Gamma' },
  { id: 'd', testSuiteName: 'Retired', result: 'deleted' },
];

function Multiple(limits: SelectionLimits & { formError?: string | null; choices?: CollectionChoice[] }) {
  const [ids, setIds] = useState<string[]>([]);
  return (
    <>
      <CollectionSelector selectionMode="multiple" label="Collections" collections={limits.choices ?? collections} selectedIds={ids} onChange={setIds} {...limits} />
      <output aria-label="Picked">{ids.join(',')}</output>
    </>
  );
}

function Single() {
  const [id, setId] = useState<string | null>(null);
  return (
    <>
      <CollectionSelector label="Collection" collections={collections} selectedId={id} onSelect={setId} />
      <button type="button">Elsewhere</button>
    </>
  );
}

const trigger = (name: RegExp) => screen.getByRole('button', { name });
const picked = () => screen.getByRole('status', { name: 'Picked' }).textContent;

describe('CollectionSelector, single mode', () => {
  it('closes after one pick, and on a click outside', async () => {
    const user = userEvent.setup();
    render(<Single />);
    await user.click(trigger(/Collection$/));
    expect(await screen.findByRole('option', { name: 'Retired' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('option', { name: 'Beta' }));
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(trigger(/Collection$/)).toHaveTextContent('Beta');

    await user.click(trigger(/Collection$/));
    await screen.findByRole('listbox');
    await user.click(screen.getByRole('button', { name: 'Elsewhere', hidden: true }));
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(trigger(/Collection$/)).toHaveTextContent('Beta');
  });
});

describe('CollectionSelector, multiple mode', () => {
  it('stays open while picking and refuses picks beyond maxAllowedSelection', async () => {
    const user = userEvent.setup();
    render(<Multiple maxAllowedSelection={2} />);
    await user.click(trigger(/Collections$/));
    const list = await screen.findByRole('listbox', { name: /Collections/ });
    expect(list).toHaveAttribute('aria-multiselectable', 'true');
    await user.click(within(list).getByRole('option', { name: 'Alpha' }));
    await user.click(within(list).getByRole('option', { name: 'Gamma' }));
    expect(screen.getByRole('listbox')).toBe(list);
    expect(within(list).getByRole('option', { name: 'Beta' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(within(list).getByRole('option', { name: 'Beta' }));
    expect(picked()).toBe('a,c');
    // Unpicking frees a place again.
    await user.click(within(list).getByRole('option', { name: 'Alpha' }));
    expect(within(list).getByRole('option', { name: 'Beta' })).not.toHaveAttribute('aria-disabled');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(trigger(/Collections$/)).toHaveTextContent('Gamma');
  });

  it('cannot close below minSelection (Escape or a click outside), says why, and closes once it is met', async () => {
    const user = userEvent.setup();
    render(<Multiple minSelection={2} />);
    await user.click(trigger(/Collections$/));
    const list = await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    await user.click(document.body);
    expect(screen.getByRole('listbox')).toBe(list);
    expect(screen.getByRole('alert')).toHaveTextContent('Select at least 2 collections.');

    await user.click(within(list).getByRole('option', { name: 'Alpha' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('listbox')).toBe(list);
    await user.click(within(list).getByRole('option', { name: 'Beta' }));
    expect(picked()).toBe('a,b');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("cannot close while its form's rule fails", async () => {
    const user = userEvent.setup();
    function WithRule() {
      const [ids, setIds] = useState<string[]>([]);
      const formError = ids.includes('c') ? null : 'Gamma is required here.';
      return <CollectionSelector selectionMode="multiple" label="Collections" collections={collections} selectedIds={ids} onChange={setIds} formError={formError} />;
    }
    render(<WithRule />);
    await user.click(trigger(/Collections$/));
    await user.click(await screen.findByRole('option', { name: 'Alpha' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alert')).toHaveTextContent('Gamma is required here.');
    await user.click(screen.getByRole('option', { name: 'Gamma' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
  });

  it('does not trap the user when the minimum cannot be reached', async () => {
    const user = userEvent.setup();
    render(<Multiple minSelection={2} choices={[{ id: 'a', testSuiteName: 'Alpha' }]} />);
    await user.click(trigger(/Collections$/));
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(screen.getByText('Select at least 2 collections.')).toBeInTheDocument();
  });

  it('words the limits', () => {
    expect(selectionLimitError(0, { minSelection: 1 })).toBe('Select at least 1 collections.');
    expect(selectionLimitError(3, { maxAllowedSelection: 2 })).toBe('Select at most 2 collections.');
    expect(selectionLimitError(2, { minSelection: 1, maxAllowedSelection: 2 })).toBeNull();
  });
});
