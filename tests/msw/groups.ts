import { http, HttpResponse } from 'msw';
import { groupInputSchema, GROUP_MESSAGES, groupSchema, type Group, type GroupInput } from '../../src/shared/contracts/groups';
import { endpoints } from '../../src/shared/endpoints';
import { nextId } from './factories';
import { anyOrigin, errorResponse } from './handlers';
import { usersBackend } from './users';

export function makeGroup(overrides: Partial<Group> = {}): Group {
  return groupSchema.parse({
    id: nextId('group'),
    orgId: 'org-1',
    name: 'QA',
    description: '',
    members: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  });
}

/** The fake groups service (contract src/shared/contracts/groups.ts), and what it was sent. */
export const groupsBackend = {
  groups: [] as Group[],
  created: [] as GroupInput[],
  updated: [] as { id: string; body: GroupInput }[],
  deleted: [] as string[],
  reset() {
    this.groups = [];
    this.created = [];
    this.updated = [];
    this.deleted = [];
  },
};

/** Members as the server answers them: the named users of the users backend. */
function membersOf(ids: readonly string[]): Group['members'] | null {
  const members = ids.map((id) => usersBackend.accounts.find((account) => account.id === id));
  if (members.some((member) => member === undefined)) return null;
  return members.flatMap((member) => (member ? [{ id: member.id, userId: member.userId, firstName: member.userDetails.firstName, lastName: member.userDetails.lastName }] : []));
}

const byId = (id: unknown) => groupsBackend.groups.find((group) => group.id === String(id));

export const groupsHandlers = [
  http.get(anyOrigin(endpoints.groups.list), () => HttpResponse.json({ success: true, data: groupsBackend.groups })),
  http.get(anyOrigin(`${endpoints.groups.list}/:id`), ({ params }) => {
    const group = byId(params.id);
    return group ? HttpResponse.json({ success: true, data: group }) : errorResponse(404, GROUP_MESSAGES.notFound);
  }),
  http.post(anyOrigin(endpoints.groups.create), async ({ request }) => {
    const input = groupInputSchema.parse(await request.json());
    groupsBackend.created.push(input);
    const members = membersOf(input.members);
    if (!members) return errorResponse(400, GROUP_MESSAGES.unknownMember, { members: [GROUP_MESSAGES.unknownMember] });
    const group = makeGroup({ name: input.name, description: input.description, members, orgId: input.orgId ?? 'org-1' });
    groupsBackend.groups.push(group);
    return HttpResponse.json({ success: true, message: GROUP_MESSAGES.created, data: group });
  }),
  http.put(anyOrigin(`${endpoints.groups.list}/:id`), async ({ request, params }) => {
    const input = groupInputSchema.parse(await request.json());
    groupsBackend.updated.push({ id: String(params.id), body: input });
    const group = byId(params.id);
    if (!group) return errorResponse(404, GROUP_MESSAGES.notFound);
    const members = membersOf(input.members);
    if (!members) return errorResponse(400, GROUP_MESSAGES.unknownMember, { members: [GROUP_MESSAGES.unknownMember] });
    const saved = { ...group, name: input.name, description: input.description, members };
    groupsBackend.groups = groupsBackend.groups.map((candidate) => (candidate.id === group.id ? saved : candidate));
    return HttpResponse.json({ success: true, message: GROUP_MESSAGES.saved, data: saved });
  }),
  http.delete(anyOrigin(`${endpoints.groups.list}/:id`), ({ params }) => {
    groupsBackend.deleted.push(String(params.id));
    if (!byId(params.id)) return errorResponse(404, GROUP_MESSAGES.notFound);
    groupsBackend.groups = groupsBackend.groups.filter((group) => group.id !== String(params.id));
    return HttpResponse.json({ success: true, message: GROUP_MESSAGES.deleted });
  }),
];
