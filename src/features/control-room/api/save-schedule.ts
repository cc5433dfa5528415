import { apiJson } from '../../../lib/api-client';
import { idempotencyHeaders, pendingView, type OfflineMutation } from '../../../offline/outbox';
import { newClientRecordId } from '../../../shared/contracts/client-ids';
import { scheduleResponseSchema, type SaveScheduleInput, type Schedule } from '../../../shared/contracts/schedules';
import { endpoints } from '../../../shared/endpoints';
import { scheduleWithSave, withScheduleRow } from '../schedule-rows';
import { controlRoomKeys } from './control-room-keys';

/** POST {controlroom}/schedule/saveSchedule: creates (no id, or an id the client made) or updates a schedule. */
export async function saveSchedule(body: SaveScheduleInput, headers?: Record<string, string>): Promise<Schedule> {
  return (await apiJson(endpoints.schedules.save, scheduleResponseSchema, { method: 'POST', json: body, headers })).data;
}

/** A schedule save with its id: a new schedule carries the id the client made for it (see client-ids). */
export type ScheduleSave = SaveScheduleInput & { id: string };

export function withScheduleId(body: SaveScheduleInput): ScheduleSave {
  return { ...body, id: body.id?.trim() || newClientRecordId() };
}

export const scheduleRecord = (id: string) => `schedule:${id}`;

/** Saving, enabling and disabling a schedule, offline-capable: every save sends the whole schedule. */
export const saveScheduleMutation: OfflineMutation<ScheduleSave, Schedule> = {
  mutationKey: [...controlRoomKeys.all, 'saveSchedule'],
  scope: ({ id }) => scheduleRecord(id),
  describe: ({ name }) => `Schedule '${name.trim()}'`,
  refreshes: () => [controlRoomKeys.schedules()],
  shows: (body) => [
    pendingView(controlRoomKeys.schedules(), (rows: Schedule[]) => {
      const shown = scheduleWithSave(
        rows.find((row) => row.id === body.id),
        body,
        Date.now(),
      );
      return shown ? withScheduleRow(rows, shown) : rows;
    }),
  ],
  send: (body, { idempotencyKey }) => saveSchedule(body, idempotencyHeaders(idempotencyKey)),
};
