import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { controlRoomBackend, makeSchedule, makeVariable, type ControlRoomBackendOptions } from '../../../../tests/msw/control-room';
import { makeDevice } from '../../../../tests/msw/resources-handlers';
import { server } from '../../../../tests/msw/server';
import { studioBackend } from '../../../../tests/msw/studio-handlers';
import { serveConfig, signInAs } from '../../../../tests/support/render-app';
import { createQueryClient } from '../../../lib/query-client';
import type { StudioConfig } from '../../../shared/config';
import { ToastRegion } from '../../../ui/Toast';
import { toastQueue } from '../../../ui/toast-queue';
import { RuntimeConfigurationDialog } from './RuntimeConfigurationDialog';

const FULL_CONFIG: StudioConfig = { Schedule: { inOrderToggle: true, notifyOnQueue: true }, VariableManagement: { resourceVariableFeature: true } };
const BROWSER_1 = { deviceId: 'browser-1', deviceType: 'BROWSER', deviceName: 'Browser 1', testStatusIds: ['c1'] };

function renderRuntime(options: ControlRoomBackendOptions, scheduleId: string, config: StudioConfig = FULL_CONFIG) {
  toastQueue.clear();
  serveConfig(config);
  studioBackend.reset();
  studioBackend.devices = [makeDevice({ cmdDeviceType: 'BROWSER', deviceId: 'browser-2', deviceName: 'Browser 2' })];
  signInAs(['CONTROL_ROOM']);
  const backend = controlRoomBackend(options);
  server.use(...backend.handlers);
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RuntimeConfigurationDialog scheduleId={scheduleId} config={config} onClose={onClose} />
      <ToastRegion />
    </QueryClientProvider>,
  );
  return { backend, onClose, user: userEvent.setup() };
}

describe('RuntimeConfigurationDialog', () => {
  it('says so and closes when the schedule cannot be loaded', async () => {
    const { onClose } = renderRuntime({ failures: { byId: { status: 404, message: 'Schedule s9 not found' } } }, 's9');
    expect(await screen.findByText('Something went wrong, please try again')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('shows Execution in Order and Notify after min in queue only under their flags', async () => {
    const schedule = makeSchedule({ name: 'Nightly' });
    renderRuntime({ schedules: [schedule] }, schedule.id, {});
    const dialog = await screen.findByRole('dialog', { name: 'Runtime Configuration: Nightly' });
    expect(within(dialog).queryByRole('switch', { name: 'Execution in Order' })).toBeNull();
    expect(within(dialog).queryByRole('switch', { name: 'Notify after min in queue' })).toBeNull();
    expect(within(dialog).getByRole('switch', { name: 'Override step timeout' })).toBeInTheDocument();
  });

  it("sets Retries for the schedule's runs, and back to each collection's own (issue 29)", async () => {
    const schedule = makeSchedule({ name: 'Nightly' });
    const { backend, user } = renderRuntime({ schedules: [schedule] }, schedule.id);
    const dialog = await screen.findByRole('dialog', { name: 'Runtime Configuration: Nightly' });
    const retries = within(dialog).getByRole('button', { name: /Retries$/ });
    expect(retries).toHaveTextContent("Each collection's setting");
    expect(within(dialog).getByText('Run a failed flow again up to N times')).toBeInTheDocument();
    await user.click(retries);
    await user.click(await screen.findByRole('option', { name: '2' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Schedule Saved')).toBeInTheDocument();
    expect(backend.calls.saves[0]).toMatchObject({ id: schedule.id, retries: 2 });
  });

  it('validates the wait and the step timeout, then saves onto the latest schedule with the timeout in ms', async () => {
    const schedule = makeSchedule({ name: 'Nightly', overrideDataSource: true, dataSourceVariableId: 'old-var', dataSourceRowNo: 2 });
    const { backend, onClose, user } = renderRuntime({ schedules: [schedule], devices: [{ deviceId: 'browser-1', deviceType: 'BROWSER', deviceName: 'Browser 1', testStatusIds: ['c1'] }] }, schedule.id);
    const dialog = await screen.findByRole('dialog', { name: 'Runtime Configuration: Nightly' });
    await user.click(within(dialog).getByRole('switch', { name: 'Execution in Order' }));
    await user.click(within(dialog).getByRole('switch', { name: 'Notify after min in queue' }));
    await user.click(within(dialog).getByRole('switch', { name: 'Override step timeout' }));
    await user.click(within(dialog).getByRole('switch', { name: 'Override Datasource' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Minutes in queue before notifying' }), '1234567');
    await user.type(within(dialog).getByRole('textbox', { name: /Step timeout \(seconds\)/ }), '601');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Up to 6 digit are allowed')).toBeInTheDocument();
    expect(within(dialog).getByText('timeout must be between 1 to 600 (seconds)')).toBeInTheDocument();
    expect(backend.calls.saves).toEqual([]);

    await user.clear(within(dialog).getByRole('textbox', { name: 'Minutes in queue before notifying' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Minutes in queue before notifying' }), '15');
    await user.clear(within(dialog).getByRole('textbox', { name: /Step timeout \(seconds\)/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Step timeout \(seconds\)/ }), '30');
    await user.click(within(dialog).getByRole('switch', { name: 'Override Resources' }));
    await user.click(within(dialog).getByRole('button', { name: /Current resource/ }));
    await user.click(await screen.findByRole('option', { name: 'Browser 1' }));
    await user.click(within(dialog).getByRole('button', { name: /New resource/ }));
    await user.click(await screen.findByRole('option', { name: 'Browser 2' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add resource override' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Schedule Saved')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalledOnce();
    // The save started from a fresh getSchedule, after the one that filled the form.
    expect(backend.calls.gets).toEqual([schedule.id, schedule.id]);
    expect(backend.calls.saves[0]).toMatchObject({
      id: schedule.id,
      executionTimes: schedule.executionTimes,
      inOrder: true,
      notifyOnWaitInQueue: true,
      waitInMinutesBeforeNotify: 15,
      overrideStepTimeout: true,
      stepTimeout: 30_000,
      overrideDataSource: false,
      dataSourceVariableId: null,
      dataSourceRowNo: null,
      overrideResources: true,
      // The second, empty pair is dropped.
      overrideResourcesList: [
        {
          currentDevice: { deviceId: 'browser-1', deviceType: 'BROWSER', useVariable: false, variableId: null },
          newDevice: { deviceId: 'browser-2', deviceType: 'BROWSER', useVariable: false, variableId: null },
        },
      ],
    });
  });

  it('lets a pair name a resource variable and the data source be an Excel variable with its Data Row', async () => {
    const pool = makeVariable({ variableName: 'pool', valueType: 'Resource', value: ['browser-2'] });
    const users = makeVariable({ variableName: 'users', valueType: 'Excel', value: ['User_Name'], dataSource: 'users.xlsx', rowCount: 3 });
    const schedule = makeSchedule({ name: 'Nightly' });
    const { backend, user } = renderRuntime({ schedules: [schedule], devices: [BROWSER_1], variables: [pool, users, makeVariable()] }, schedule.id);
    const dialog = await screen.findByRole('dialog', { name: 'Runtime Configuration: Nightly' });

    await user.click(within(dialog).getByRole('switch', { name: 'Override Resources' }));
    await user.click(within(dialog).getByRole('button', { name: /Current resource/ }));
    await user.click(await screen.findByRole('option', { name: 'Browser 1' }));
    await user.click(within(dialog).getByRole('button', { name: /New resource/ }));
    // Resources first, then the Resource variables; String and Excel variables are not offered here.
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['Browser 2', 'pool (resource variable)']);
    await user.click(screen.getByRole('option', { name: 'pool (resource variable)' }));

    await user.click(within(dialog).getByRole('switch', { name: 'Override Datasource' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Required')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /Data Source Variable/ }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['users (users.xlsx)']);
    await user.click(screen.getByRole('option', { name: 'users (users.xlsx)' }));
    const row = within(dialog).getByRole('textbox', { name: 'Data Row' });
    expect(row).toHaveAccessibleDescription('Rows 1 to 3; empty means 1');
    await user.type(row, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Must be at least 1')).toBeInTheDocument();
    expect(backend.calls.saves).toEqual([]);

    await user.clear(row);
    await user.type(row, '2');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Schedule Saved')).toBeInTheDocument();
    expect(backend.calls.saves[0]).toMatchObject({
      overrideResources: true,
      overrideResourcesList: [
        {
          currentDevice: { deviceId: 'browser-1', deviceType: 'BROWSER', useVariable: false, variableId: null },
          newDevice: { deviceId: '', deviceType: '', useVariable: true, variableId: pool.id },
        },
      ],
      overrideDataSource: true,
      dataSourceVariableId: users.id,
      dataSourceRowNo: 2,
    });
  });

  it('shows saved variables that no longer exist, and offers no resource variable without VariableManagement.resourceVariableFeature', async () => {
    const pool = makeVariable({ variableName: 'pool', valueType: 'Resource', value: ['browser-2'] });
    const schedule = makeSchedule({
      name: 'Nightly',
      overrideResources: true,
      overrideResourcesList: [
        {
          currentDevice: { deviceId: 'browser-1', deviceType: 'BROWSER', useVariable: false, variableId: null },
          newDevice: { deviceId: '', deviceType: '', useVariable: true, variableId: 'removed-pool' },
        },
      ],
      overrideDataSource: true,
      dataSourceVariableId: 'removed-sheet',
      dataSourceRowNo: 4,
    });
    const { user } = renderRuntime({ schedules: [schedule], devices: [BROWSER_1], variables: [pool] }, schedule.id, { Schedule: {} });
    const dialog = await screen.findByRole('dialog', { name: 'Runtime Configuration: Nightly' });
    expect(within(dialog).getByRole('button', { name: /Variable removed-pool \(not found\)/ })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /Variable removed-sheet \(not found\)/ })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Data Row' })).toHaveValue('4');
    await user.click(within(dialog).getByRole('button', { name: /New resource/ }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['Browser 2', 'Variable removed-pool (not found)']);
  });
});
