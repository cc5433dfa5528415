import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeDevice, resourcesBackend } from '../../../../tests/msw/resources-handlers';
import { server } from '../../../../tests/msw/server';
import { makeVariable, systemVariable, variablesBackend, type VariablesBackendOptions } from '../../../../tests/msw/variables';
import { serveConfig, signInAs } from '../../../../tests/support/render-app';
import { createQueryClient } from '../../../lib/query-client';
import { MESSAGES } from '../../../shared/constants';
import type { StudioConfig } from '../../../shared/config';
import type { Permission } from '../../../shared/permissions';
import { ToastRegion } from '../../../ui/Toast';
import { toastQueue } from '../../../ui/toast-queue';
import { ManageVariablesPage } from './ManageVariablesPage';
import { chooseOption as pick, selectTrigger } from '../../../../tests/support/select';

const ALL_FLAGS: StudioConfig = {
  VariableManagement: { enabled: true, systemVariableFeature: true, resourceVariableFeature: true, resourcePooling: true },
};

function renderPage(options: VariablesBackendOptions, { config = ALL_FLAGS, features = ['DATASOURCE_INPUT'] }: { config?: StudioConfig; features?: Permission[] } = {}) {
  toastQueue.clear();
  signInAs(features);
  serveConfig(config);
  const backend = variablesBackend(options);
  server.use(...backend.handlers, ...resourcesBackend({ devices: [makeDevice({ deviceId: 'browser-1', deviceDisplayName: 'Browser One', cmdDeviceType: 'BROWSER' }), makeDevice({ deviceId: 'browser-2', deviceDisplayName: 'Browser Two', cmdDeviceType: 'BROWSER' })] }).handlers);
  const onVariablesChanged = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ManageVariablesPage onVariablesChanged={onVariablesChanged} />
      <ToastRegion />
    </QueryClientProvider>,
  );
  return { backend, onVariablesChanged, user: userEvent.setup() };
}

const table = () => screen.getByRole('grid', { name: 'Variables' });
const rowNames = () => within(table()).queryAllByRole('rowheader').map((cell) => cell.textContent);

async function chooseOption(user: ReturnType<typeof userEvent.setup>, field: RegExp, option: string) {
  await pick(user, selectTrigger(field), option);
}

/**
 * An embedded page as EmbeddedFrame shows it. happy-dom does not load iframe pages (it reports an error for a src
 * attribute), so the frame's src and window are stand-ins: the announcement reads both.
 */
function embeddedFrame() {
  const frameWindow = { postMessage: vi.fn() };
  const frame = document.createElement('iframe');
  frame.className = 'ui-embedded-frame';
  Object.defineProperty(frame, 'contentWindow', { value: frameWindow });
  document.body.append(frame);
  Object.defineProperty(frame, 'src', { value: 'http://frames.test/page' });
  return frameWindow.postMessage;
}

afterEach(() => {
  document.querySelectorAll('iframe').forEach((frame) => frame.remove());
});

describe('ManageVariablesPage', () => {
  it('shows Variable Name, Type, Value, Access and Actions under the flags; system variables read-only', async () => {
    renderPage({
      variables: [makeVariable({ variableName: 'user', value: ['alice'] }), makeVariable({ variableName: 'pool', valueType: 'Resource', value: ['browser-1', 'browser-2'] })],
      systemVariables: [systemVariable()],
    });
    // The flags come with the configuration, which may answer after the variables.
    await waitFor(() => expect(within(table()).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Variable Name', 'Type', 'Value', 'Access', 'Actions']));
    await screen.findByRole('rowheader', { name: 'user' });
    expect(screen.getByText('3 total')).toBeInTheDocument();
    const poolRow = screen.getByRole('rowheader', { name: 'pool' }).closest('[role="row"]') as HTMLElement;
    expect(await within(poolRow).findByText('Browser One, Browser Two')).toBeInTheDocument();
    expect(within(poolRow).getByText('read - write')).toBeInTheDocument();
    const systemRow = screen.getByRole('rowheader', { name: 'BASE_URL' }).closest('[role="row"]') as HTMLElement;
    expect(within(systemRow).getByText('read')).toBeInTheDocument();
    expect(within(systemRow).queryByRole('button')).not.toBeInTheDocument();
  });

  it('hides Type, Access, System, Resource and Excel without their flags and DATASOURCE_INPUT', async () => {
    const { user } = renderPage(
      {
        variables: [makeVariable({ variableName: 'user' }), makeVariable({ variableName: 'sheet', valueType: 'Excel', value: ['A'], dataSource: 'a.xlsx' })],
        systemVariables: [systemVariable()],
      },
      { config: { VariableManagement: { enabled: true } }, features: [] },
    );
    await screen.findByRole('rowheader', { name: 'user' });
    expect(within(table()).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Variable Name', 'Value', 'Actions']);
    expect(rowNames()).toEqual(['user']);
    await user.click(screen.getByRole('button', { name: /Type/ }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['All', 'String']);
  });

  it('filters by type and searches on Enter, with pages of VariableManagement.paginationSize', async () => {
    const { user, backend } = renderPage(
      {
        variables: [
          makeVariable({ variableName: 'alpha', value: ['one'] }),
          makeVariable({ variableName: 'beta', value: ['two'] }),
          makeVariable({ variableName: 'gamma', valueType: 'Resource', value: ['browser-1'] }),
        ],
        systemVariables: [systemVariable()],
      },
      { config: { VariableManagement: { ...ALL_FLAGS.VariableManagement, paginationSize: 2 } } },
    );
    // The page size comes with the configuration, which may answer after the variables.
    const secondPage = await screen.findByRole('button', { name: 'Page 2' });
    expect(rowNames()).toEqual(['alpha', 'beta']);
    await user.click(secondPage);
    expect(rowNames()).toEqual(['gamma', 'BASE_URL']);

    await chooseOption(user, /Type/, 'Resource');
    expect(rowNames()).toEqual(['gamma']);
    expect(screen.getByText('1 total')).toBeInTheDocument();
    await chooseOption(user, /Type/, 'All');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'TWO');
    expect(rowNames()).toHaveLength(2);
    expect(backend.state.searched).toEqual([]);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(rowNames()).toEqual(['beta']));
    expect(backend.state.searched).toEqual(['TWO']);
    expect(screen.getByText('1 total')).toBeInTheDocument();
  });

  const SHOP_VARIABLES: VariablesBackendOptions = {
    variables: [
      makeVariable({ variableName: 'shop_url', value: ['https://shop.test'] }),
      makeVariable({ variableName: 'shop_device', valueType: 'Resource', value: ['browser-1'] }),
      makeVariable({ variableName: 'other', value: ['elsewhere'] }),
    ],
  };

  it('searches through the server and keeps the type filter on the results', async () => {
    const { user, backend } = renderPage(SHOP_VARIABLES);
    await screen.findByRole('rowheader', { name: 'other' });
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'SHOP{Enter}');
    await waitFor(() => expect(rowNames()).toEqual(['shop_url', 'shop_device']));
    expect(backend.state.searched).toEqual(['SHOP']);
    await chooseOption(user, /Type/, 'Resource');
    expect(rowNames()).toEqual(['shop_device']);
  });

  it('shows what the server finds, even nothing, and clearing the search returns to the full list', async () => {
    const { user, backend } = renderPage(SHOP_VARIABLES);
    await screen.findByRole('rowheader', { name: 'other' });
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'zzz{Enter}');
    expect(await screen.findByText('0 total')).toBeInTheDocument();
    expect(backend.state.searched).toEqual(['zzz']);
    await user.click(screen.getByRole('button', { name: 'Clear Search' }));
    await waitFor(() => expect(rowNames()).toEqual(['shop_url', 'shop_device', 'other']));
    expect(backend.state.searched).toEqual(['zzz']);
  });

  it('removes after confirmation, and refuses a variable collections use with the §8 message', async () => {
    const used = makeVariable({ variableName: 'used' });
    const free = makeVariable({ variableName: 'free' });
    const posted = embeddedFrame();
    const { backend, user, onVariablesChanged } = renderPage({ variables: [used, free], usage: { [used.id]: ['Checkout', 'Login'] } });

    await user.click(await screen.findByRole('button', { name: 'Remove used' }));
    const confirm = await screen.findByRole('alertdialog', { name: MESSAGES.confirmTitle });
    expect(confirm).toHaveTextContent('Are you sure you want to remove used?');
    await user.click(within(confirm).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Varible in Use, Collections [Checkout, Login]')).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'used' }).closest('[role="row"]')).toHaveClass('variables-row--in-use');
    expect(backend.state.removed).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Remove free' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: MESSAGES.confirmTitle })).getByRole('button', { name: 'Cancel' }));
    expect(backend.state.removed).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Remove free' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: MESSAGES.confirmTitle })).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Variable Removed')).toBeInTheDocument();
    expect(backend.state.removed).toEqual([free.id]);
    await waitFor(() => expect(rowNames()).toEqual(['used']));
    expect(onVariablesChanged).toHaveBeenCalledOnce();
    const payload = { id: free.id, variableName: 'free', valueType: 'String' };
    expect(posted.mock.calls).toEqual([
      [{ type: 'removeVariable', payload }, 'http://frames.test'],
      [{ type: 'variableChanged', payload }, 'http://frames.test'],
    ]);
  });

  it('adds a String variable, answers a taken name with Already Exists, and announces refreshVariable', async () => {
    const posted = embeddedFrame();
    const { backend, user } = renderPage({ variables: [makeVariable({ variableName: 'taken' })] }, { config: { VariableManagement: { enabled: true } } });
    await screen.findByRole('rowheader', { name: 'taken' });
    await user.click(screen.getByRole('button', { name: 'Add Variable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Variable' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Required')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Variable Name' }), 'bad name');
    expect(within(dialog).getByText('Letters, digits and underscores only')).toBeInTheDocument();
    await user.clear(within(dialog).getByRole('textbox', { name: 'Variable Name' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Variable Name' }), 'TAKEN');
    expect(within(dialog).getByText('Already Exists')).toBeInTheDocument();
    await user.clear(within(dialog).getByRole('textbox', { name: 'Variable Name' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Variable Name' }), 'greeting');
    await user.type(within(dialog).getByRole('textbox', { name: 'Value' }), 'Hello there');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Variable Saved')).toBeInTheDocument();
    expect(backend.state.created).toEqual([{ variableName: 'greeting', valueType: 'String', value: ['Hello there'], status: 'active', variableType: 'bot' }]);
    expect(await screen.findByRole('rowheader', { name: 'greeting' })).toBeInTheDocument();
    expect(posted.mock.calls.map(([message]) => (message as { type: string }).type)).toEqual(['refreshVariable', 'variableChanged']);
  });

  it('confirms an update of a variable collections use, and saves an edit only when something changed', async () => {
    const used = makeVariable({ variableName: 'host', value: ['a.test'] });
    const { backend, user } = renderPage({ variables: [used], usage: { [used.id]: ['Smoke'] } });
    await user.click(await screen.findByRole('button', { name: 'Edit host' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit Variable - host' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.state.usageAsked).toEqual([]);
    expect(backend.state.updated).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Edit host' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit Variable - host' });
    await user.clear(within(dialog).getByRole('textbox', { name: 'Value' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Value' }), 'b.test');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const confirm = await screen.findByRole('alertdialog', { name: MESSAGES.confirmTitle });
    expect(confirm).toHaveTextContent('Following Collections [Smoke] will be effected, Are you sure?');
    await user.click(within(confirm).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Variable Saved')).toBeInTheDocument();
    expect(backend.state.updated).toEqual([expect.objectContaining({ id: used.id, variableName: 'host', value: ['b.test'] })]);
  });

  it('uploads an Excel file under a free default name and shows its detail', async () => {
    const sheet = makeVariable({ variableName: 'users', valueType: 'Excel', value: ['User_Name'], dataSource: 'users.xlsx', rowCount: 2 });
    const { backend, user } = renderPage({
      variables: [sheet, makeVariable({ variableName: 'users_1' })],
      excelData: {
        [sheet.id]: {
          id: sheet.id,
          variableName: 'users',
          dataSource: 'users.xlsx',
          mapping: [{ variableName: 'User_Name', columnName: 'User Name' }],
          excelRows: [{ User_Name: 'alice' }, { User_Name: 'bob' }],
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Show users detail' }));
    const detail = await screen.findByRole('dialog', { name: 'Variable Detail - users' });
    const mapping = within(detail).getByRole('grid', { name: 'Variable names and columns' });
    expect(await within(mapping).findByRole('rowheader', { name: 'User_Name' })).toBeInTheDocument();
    expect(within(mapping).getByText('User Name')).toBeInTheDocument();
    const rows = within(detail).getByRole('grid', { name: 'Excel rows' });
    expect(within(rows).getByText('alice')).toBeInTheDocument();
    expect(within(rows).getByText('bob')).toBeInTheDocument();
    await user.click(within(detail).getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: 'Add Variable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Variable' });
    await chooseOption(user, /Value Type/, 'Excel');
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    // FileTrigger's input is hidden, so the chosen file arrives as the change event a browser fires.
    const choose = (file: File) => fireEvent.change(input, { target: { files: [file] } });
    choose(new File(['not really'], 'notes.csv', { type: 'text/csv' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Excel files accept only .xls and .xlsx')).toBeInTheDocument();
    await user.clear(within(dialog).getByRole('textbox', { name: 'Variable Name' }));
    choose(new File(['xls bytes'], 'users.xls'));
    expect(within(dialog).getByRole('textbox', { name: 'Variable Name' })).toHaveValue('users_2');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Variable Saved')).toBeInTheDocument();
    expect(backend.state.excelUploads).toEqual([{ fileName: 'users.xls', variable: { variableName: 'users_2', status: 'active' } }]);
  });

  it('pools up to 5 resources with the one-time warning', async () => {
    const { backend, user } = renderPage({ variables: [] });
    await screen.findByText('0 total');
    await user.click(screen.getByRole('button', { name: 'Add Variable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Variable' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Variable Name' }), 'pool');
    await chooseOption(user, /Value Type/, 'Resource');
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Browser One' }));
    expect(within(dialog).queryByRole('status')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Browser Two' }));
    expect(within(dialog).getByRole('status')).toHaveTextContent('Please ensure all the resource should be identical while selecting multiple resource!');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Variable Saved')).toBeInTheDocument();
    expect(backend.state.created).toEqual([expect.objectContaining({ variableName: 'pool', valueType: 'Resource', value: ['browser-1', 'browser-2'] })]);
  });

  it('says Unable to load Variables when the list fails', async () => {
    renderPage({ listFails: true });
    expect(await screen.findByText('Unable to load Variables')).toBeInTheDocument();
  });
});
