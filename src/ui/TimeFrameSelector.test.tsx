import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { TimeFrame } from '../shared/contracts/dashboards';
import { makeTimeFrame, presetDates } from '../lib/time-frame';
import { TimeFrameSelector } from './TimeFrameSelector';

function renderSelector(initial: TimeFrame) {
  const changes = vi.fn<(value: TimeFrame) => void>();
  function Harness() {
    const [value, setValue] = useState(initial);
    return (
      <TimeFrameSelector
        value={value}
        onChange={(next) => {
          changes(next);
          setValue(next);
        }}
      />
    );
  }
  render(<Harness />);
  return { changes, user: userEvent.setup() };
}

const custom = (fromDate: string | null, toDate: string | null): TimeFrame => ({ type: 'custom', name: 'Custom', fromDate, toDate });
const group = () => screen.getByRole('group', { name: 'Time frame' });

describe('TimeFrameSelector', () => {
  it('offers the presets of §2 in order, Custom last', async () => {
    const { user } = renderSelector(makeTimeFrame('previous_1_days'));
    await user.click(within(group()).getByRole('button', { name: /Time frame/ }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Yesterday', 'Last 7 Days', 'Last 30 Days', 'Last 2 Months', 'Last 3 Months', 'Last 6 Months', 'Custom']);
  });

  it('turns a preset into its UTC days, ending present', async () => {
    const { changes, user } = renderSelector(makeTimeFrame('previous_1_days'));
    await user.click(within(group()).getByRole('button', { name: /Time frame/ }));
    await user.click(await screen.findByRole('option', { name: 'Last 3 Months' }));
    const { fromDate, toDate } = presetDates('previous_3_months');
    expect(changes).toHaveBeenLastCalledWith({ type: 'previous_3_months', name: 'Last 3 Months', fromDate, toDate });
    expect(screen.getByText(`${fromDate.replaceAll('-', '/')} - present`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: / From$/ })).not.toBeInTheDocument();
  });

  it('says that Yesterday, the default, holds yesterday and today so far', () => {
    renderSelector(makeTimeFrame('previous_1_days'));
    const { fromDate } = presetDates('previous_1_days');
    expect(within(group()).getByText(`Yesterday and today so far: ${fromDate.replaceAll('-', '/')} - present`)).toBeInTheDocument();
  });

  it('Custom keeps the shown dates in yyyy/MM/dd pickers, and a picked day changes the frame', async () => {
    const { changes, user } = renderSelector(makeTimeFrame('previous_7_days', Date.parse('2024-03-05T10:00:00Z')));
    await user.click(within(group()).getByRole('button', { name: /Time frame/ }));
    await user.click(await screen.findByRole('option', { name: 'Custom' }));
    expect(changes).toHaveBeenLastCalledWith(custom('2024-02-27', '2024-03-05'));
    expect(screen.getByRole('button', { name: / From$/ })).toHaveTextContent('2024/02/27');
    expect(screen.getByRole('button', { name: / To$/ })).toHaveTextContent('2024/03/05');
    expect(screen.getByText('2024/02/27 - 2024/03/05')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: / From$/ }));
    const calendar = await screen.findByRole('grid');
    await user.click(within(calendar).getByRole('button', { name: /February 29, 2024/ }));
    expect(changes).toHaveBeenLastCalledWith(custom('2024-02-29', '2024-03-05'));
    expect(screen.getByText('2024/02/29 - 2024/03/05')).toBeInTheDocument();
  });

  it('requires both dates in Custom, reading one bound as the whole report', async () => {
    const { user } = renderSelector(custom('2024-02-01', null));
    expect(screen.getByText('From report start til report end')).toBeInTheDocument();
    const toPicker = screen.getByRole('button', { name: / To$/ });
    await user.click(toPicker);
    await user.keyboard('{Escape}');
    await user.tab();
    expect(await screen.findByText('To date is required')).toBeInTheDocument();
  });
});
