import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { GROUP_MESSAGES, type GroupInput } from '../../../shared/contracts/groups';
import { Link } from '../../../ui/Link';
import { toast } from '../../../ui/toast-queue';
import { createGroup } from '../api/groups';
import { groupsKeys } from '../api/groups-keys';
import { GroupForm } from '../components/GroupForm';
import { groupsSearch } from '../groups-search';
import { useOrgScope } from '../use-org-scope';
import '../groups.css';

const EMPTY = { name: '', description: '', members: [] };

/** /groupCreate/new: name, description and members, then the new group's details page. */
export function NewGroupPage({ orgId: requestedOrg }: { orgId?: string }) {
  const orgId = useOrgScope(requestedOrg);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const create = async (input: GroupInput) => {
    const group = await createGroup(input);
    toast.success(GROUP_MESSAGES.created);
    queryClient.setQueryData(groupsKeys.details(group.id), group);
    await queryClient.invalidateQueries({ queryKey: groupsKeys.all });
    await navigate({ to: '/groups/$id', params: { id: group.id }, search: orgId ? { orgId } : {} });
  };
  return (
    <section className="page groups-page">
      <Link href={`/groups${groupsSearch(orgId)}`}>Back to groups</Link>
      <h1>Create Group</h1>
      <GroupForm label="Create group" initial={EMPTY} orgId={orgId ?? null} submitText="Create" onSubmit={create} />
    </section>
  );
}
