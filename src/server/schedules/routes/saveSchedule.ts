import { createRoute } from '@hono/zod-openapi';
import { auditedChange } from '../../audit/recordAudit';
import { FIELD_ERROR_KEYS, ORGANIZATION_TAG, VERSION_TAG } from '../../../shared/contracts/collections';
import { SCHEDULE_MESSAGES, saveScheduleSchema, scheduleResponseSchema, type SaveSchedule } from '../../../shared/contracts/schedules';
import { endpoints } from '../../../shared/endpoints';
import { commaSeparatedEmails } from '../../../shared/schedule/notify-emails';
import { recurrenceErrors, timeOfDayIn, withRecurrenceDefaults, type RecurrenceError } from '../../../shared/schedule/recurrence';
import { tagCollectionIds } from '../../../shared/schedule/tag-collection-data';
import type { Db } from '../../db/database';
import { ApiError } from '../../http/apiError';
import { currentUser } from '../../http/appEnv';
import { saveByClientId } from '../../db/saveByClientId';
import { LISTED_HISTORY, saveScheduleRow, scheduleIdTaken, toSchedule, type ScheduleRow } from '../repository';
import { executionHistoryOf } from '../scheduleViews';
import type { Api } from '../../services';
import { SCHEDULES_TAG } from '../scheduleLookup';

type FieldErrors = Record<string, string[]>;

/** §5 wording: the {hash} error shows its text, atleastOneWeekDayMustBeSelected its key, missing values 'Required'. */
function recurrenceMessage(error: RecurrenceError): string {
  if (error.code === 'hash') return error.message;
  if (error.code === 'atleastOneWeekDayMustBeSelected') return SCHEDULE_MESSAGES.atleastOneWeekDayMustBeSelected;
  return SCHEDULE_MESSAGES.required;
}

/** The collections and tags a schedule names must be live ones of the organization (tags of the right kind). */
async function referenceErrors(db: Db, orgId: string, schedule: SaveSchedule): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  const collectionFields: Record<string, string[]> =
    schedule.scheduleType === 'COLLECTION' ? { testStatusIdList: schedule.testStatusIdList } : { customTestStatusIdList: schedule.customTestStatusIdList };
  for (const [field, ids] of Object.entries(collectionFields)) {
    if (ids.length === 0) continue;
    const live = await db.selectFrom('collections').select('id').where('org_id', '=', orgId).where('deleted', '=', 0).where('id', 'in', ids).execute();
    const known = new Set(live.map((row) => row.id));
    if (ids.some((id) => !known.has(id))) errors[field] = [FIELD_ERROR_KEYS.notFound];
  }
  // tagCollectionData records what the tags chose at a save: its collections must be the organization's, though one
  // deleted since does not block a later save (toggle, rename) of the schedule.
  const recorded = [...new Set(tagCollectionIds(schedule.tagCollectionData))];
  if (recorded.length > 0) {
    const owned = await db.selectFrom('collections').select('id').where('org_id', '=', orgId).where('id', 'in', recorded).execute();
    if (owned.length !== recorded.length) errors.tagCollectionData = [FIELD_ERROR_KEYS.notFound];
  }
  const tagIds = [...schedule.collectionTags, ...schedule.versionTags];
  if (schedule.scheduleType === 'TAG_COLLECTION' && tagIds.length > 0) {
    const rows = await db.selectFrom('tags').select(['id', 'tag_type']).where('org_id', '=', orgId).where('id', 'in', tagIds).execute();
    const typeOf = new Map(rows.map((row) => [row.id, row.tag_type]));
    if (schedule.collectionTags.some((id) => typeOf.get(id) !== ORGANIZATION_TAG)) errors.collectionTags = [FIELD_ERROR_KEYS.notFound];
    if (schedule.versionTags.some((id) => typeOf.get(id) !== VERSION_TAG)) errors.versionTags = [FIELD_ERROR_KEYS.notFound];
  }
  return errors;
}

export function registerSaveSchedule({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'CONTROL_ROOM',
    createRoute({
      method: 'post',
      path: endpoints.schedules.save,
      tags: [SCHEDULES_TAG],
      summary: 'Create or update a schedule',
      description:
        'Without id (or with id "") creates, with an id updates; an id no schedule has, made by the client as a UUID for a ' +
        'new schedule, creates the schedule under it (one saved offline, then toggled before it synced, stays one). The executions are computed by the server in timeZone from ' +
        'now on: executionTime is the next one. scheduleData gets the §3/§4 rules (type 2 derived, unused spacing 0, defaults), ' +
        'repeat above 2 reads as weekly, and notify e-mails are stored comma-separated. The hash rule counts the runs of a ' +
        "day from the start's time of day in timeZone up to midnight. Field errors use the §5 texts (hash rule, " +
        'atleastOneWeekDayMustBeSelected, ' +
        'Required, Only digit are allowed, Up to 6 digit are allowed, timeout must be between 1 to 600 (seconds)).',
      request: { body: { required: true, content: { 'application/json': { schema: saveScheduleSchema } } } },
      responses: {
        200: { description: 'Saved.', content: { 'application/json': { schema: scheduleResponseSchema } } },
        404: { description: 'An update of a schedule that does not exist in the organization.' },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const sent = c.req.valid('json');
    // The §3/§4 rules the popup applies hold for every caller: type 2 derived, the unused spacing 0, the defaults.
    const body = { ...sent, scheduleData: withRecurrenceDefaults(sent.scheduleData), scheduleNotifyEmails: commaSeparatedEmails(sent.scheduleNotifyEmails) };
    const user = currentUser(c).row;
    const fieldErrors: FieldErrors = await referenceErrors(services.db, user.org_id, body);
    for (const error of recurrenceErrors(body.repeat, body.scheduleData, timeOfDayIn(body.startTime, body.timeZone))) {
      (fieldErrors[`scheduleData.${error.field}`] ??= []).push(recurrenceMessage(error));
    }
    if (Object.keys(fieldErrors).length > 0) {
      const message = Object.entries(fieldErrors)
        .map(([field, messages]) => `${field}: ${messages.join(', ')}`)
        .join('; ');
      throw new ApiError(400, message, {}, fieldErrors);
    }
    const { id: requestedId, ...definition } = body;
    const id = requestedId?.trim() ? requestedId.trim() : undefined;
    const author = { orgId: user.org_id, userId: user.user_id };
    const now = Date.now();
    // Each write is audited on its own: saveByClientId retries a lost insert race as an update.
    const save = (existingId: string | undefined, newId?: string) =>
      auditedChange(services.db, c, { entityType: 'schedule', entityId: existingId ?? ((saved: ScheduleRow | undefined) => saved?.id) }, (db) =>
        saveScheduleRow(db, existingId, definition, author, now, newId),
      );
    const row =
      id === undefined
        ? await save(undefined)
        : await saveByClientId(id, { update: () => save(id), exists: () => scheduleIdTaken(services.db, id), insert: () => save(undefined, id) });
    if (!row) throw new ApiError(404, SCHEDULE_MESSAGES.notFound(id ?? ''));
    const history = id === undefined ? [] : await executionHistoryOf(services.db, row.id, LISTED_HISTORY);
    return c.json({ success: true as const, message: SCHEDULE_MESSAGES.saved, data: toSchedule(row, history) }, 200);
  });
}
