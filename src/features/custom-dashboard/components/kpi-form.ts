import { percentage, required, validate } from '../../../lib/validators';
import type { Project, ProjectDateTag, UpdateProjectRequest } from '../../../shared/contracts/custom-dashboard';

/** What the KPI editor holds between saves: the goal as typed, the linked ids, and the date tags. */
export interface KpiDraft {
  goal: string;
  collectionIds: string[];
  scheduleIds: string[];
  dateTags: ProjectDateTag[];
}

export function draftOf(project: Project): KpiDraft {
  return {
    goal: project.projectGoal === null ? '' : String(project.projectGoal),
    collectionIds: project.collectionsData.map((collection) => collection.collectionId),
    scheduleIds: project.schedulesData.map((schedule) => schedule.scheduleId),
    dateTags: project.projectDateTags,
  };
}

export interface KpiErrors {
  goal: string | null;
  collections: string | null;
  schedules: string | null;
}

/** §5: the goal (digits, 0 to 100: invalidPercentage) and the collections and schedules selections are required. */
export function kpiErrors(draft: KpiDraft): KpiErrors {
  return {
    goal: validate(draft.goal, required, percentage),
    collections: draft.collectionIds.length === 0 ? 'required' : null,
    schedules: draft.scheduleIds.length === 0 ? 'required' : null,
  };
}

export const hasErrors = <Key extends string>(errors: Readonly<Record<Key, string | null>>): boolean => Object.values<string | null>(errors).some((error) => error !== null);

/** A date tag being entered: a tag name picked from the organization's tags and a day. */
export interface DateTagDraft {
  projectTag: string | null;
  date: string | null;
}

/** §5: a project date tag needs its tag and its date. */
export function dateTagErrors(tag: DateTagDraft): { projectTag: string | null; date: string | null } {
  return { projectTag: required(tag.projectTag), date: required(tag.date) };
}

/** Names the server stores beside the ids, from the choices on offer, else from what the project had. */
interface Named {
  id: string;
  name: string;
}

/** The §3 save payload of a valid draft. */
export function saveRequest(project: Project, draft: KpiDraft, collections: readonly Named[], schedules: readonly Named[]): UpdateProjectRequest {
  const nameOf = (id: string, offered: readonly Named[], had: readonly Named[]) =>
    offered.find((choice) => choice.id === id)?.name ?? had.find((choice) => choice.id === id)?.name ?? '';
  const hadCollections = project.collectionsData.map((collection) => ({ id: collection.collectionId, name: collection.collectionName }));
  const hadSchedules = project.schedulesData.map((schedule) => ({ id: schedule.scheduleId, name: schedule.scheduleName }));
  return {
    projectId: project.projectId,
    projectGoal: Number(draft.goal),
    collectionsData: draft.collectionIds.map((collectionId) => ({ collectionId, collectionName: nameOf(collectionId, collections, hadCollections) })),
    schedulesData: draft.scheduleIds.map((scheduleId) => ({ scheduleId, scheduleName: nameOf(scheduleId, schedules, hadSchedules) })),
    projectDateTags: draft.dateTags,
  };
}
