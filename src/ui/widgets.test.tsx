import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Select } from './Select';
import { Switch } from './Switch';
import { Tabs } from './Tabs';

describe('Select', () => {
  function ResourceFilter() {
    const [value, setValue] = useState<string | null>(null);
    return (
      <>
        <Select
          label="Resource type"
          placeholder="Choose"
          options={[
            { id: 'MOBILE', label: 'Mobile' },
            { id: 'DESKTOP', label: 'Desktop' },
            { id: 'BROWSER', label: 'Browser', isDisabled: true },
          ]}
          selectedKey={value}
          onSelectionChange={setValue}
        />
        <output>{value ?? 'none'}</output>
      </>
    );
  }

  it('opens from the keyboard, marks disabled options and reports the pick', async () => {
    const user = userEvent.setup();
    render(<ResourceFilter />);
    await user.tab();
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Browser' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('option', { name: 'Desktop' }));
    expect(screen.getByRole('status')).toHaveTextContent('DESKTOP');
  });

  it('shows the error it is given', () => {
    render(<Select label="Device" options={[]} errorMessage="Device is required" />);
    expect(screen.getByText('Device is required')).toBeInTheDocument();
  });
});

describe('Tabs', () => {
  it('moves between tabs with the arrow keys', async () => {
    const user = userEvent.setup();
    render(
      <Tabs
        label="Email"
        tabs={[
          { id: 'config', title: 'Email Configurations', content: <p>configurations</p> },
          { id: 'account', title: 'Email Account', content: <p>accounts</p> },
        ]}
      />,
    );
    expect(screen.getByRole('tabpanel')).toHaveTextContent('configurations');
    await user.tab();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Email Account' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('accounts');
  });
});

describe('Switch', () => {
  it('toggles with the space key', async () => {
    const user = userEvent.setup();
    render(<Switch defaultSelected={false}>Enabled</Switch>);
    const toggle = screen.getByRole('switch', { name: 'Enabled' });
    await user.tab();
    await user.keyboard(' ');
    expect(toggle).toBeChecked();
  });
});
