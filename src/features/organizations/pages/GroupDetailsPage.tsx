import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { errorText } from '../../../lib/error-messages';
import { ApiError } from '../../../lib/api-client';
import { GROUP_MESSAGES, type GroupInput } from '../../../shared/contracts/groups';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { Link } from '../../../ui/Link';
import { toast } from '../../../ui/toast-queue';
import { deleteGroup, groupQuery, updateGroup } from '../api/groups';
import { groupsKeys } from '../api/groups-keys';
import { GroupForm } from '../components/GroupForm';
import { groupsSearch } from '../groups-search';
import { useOrgScope } from '../use-org-scope';
import '../groups.css';

/** /groups/{id}: the group loaded by the route's id; edit name, description and members, or delete it. */
export function GroupDetailsPage({ id, orgId: requestedOrg }: { id: string; orgId?: string }) {
  const orgId = useOrgScope(requestedOrg);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const group = useQuery(groupQuery(id));
  const [confirming, setConfirming] = useState(false);
  const [deleteFailure, setDeleteFailure] = useState<string | null>(null);
  const back = `/groups${groupsSearch(orgId)}`;

  const save = async (input: GroupInput) => {
    const saved = await updateGroup(id, input);
    queryClient.setQueryData(groupsKeys.details(id), saved);
    toast.success(GROUP_MESSAGES.saved);
    await queryClient.invalidateQueries({ queryKey: groupsKeys.list(orgId ?? null) });
  };

  const remove = async () => {
    setConfirming(false);
    try {
      await deleteGroup(id);
      toast.success(GROUP_MESSAGES.deleted);
      queryClient.removeQueries({ queryKey: groupsKeys.details(id) });
      await queryClient.invalidateQueries({ queryKey: groupsKeys.all });
      await navigate({ to: '/groups', search: orgId ? { orgId } : {} });
    } catch (error) {
      setDeleteFailure(errorText(error));
    }
  };

  const data = group.data;
  const notFound = group.error instanceof ApiError && group.error.status === 404;
  return (
    <section className="page groups-page">
      <Link href={back}>Back to groups</Link>
      {group.isPending && <p aria-busy="true">Loading group…</p>}
      {group.isError && !data && (
        <p className="groups-error" role="alert">
          {notFound ? GROUP_MESSAGES.notFound : errorText(group.error)}
        </p>
      )}
      {data && (
        <>
          <h1>{data.name}</h1>
          <GroupForm
            key={data.id}
            label="Edit group"
            initial={{ name: data.name, description: data.description, members: data.members.map((member) => member.id) }}
            orgId={orgId ?? null}
            submitText="Save"
            onSubmit={save}
            extraActions={
              <Button variant="danger" onPress={() => setConfirming(true)}>
                Delete
              </Button>
            }
          />
          {deleteFailure && (
            <p className="groups-error" role="alert">
              {deleteFailure}
            </p>
          )}
          <ConfirmDialog
            isOpen={confirming}
            title="Delete group"
            message={`Delete the group ${data.name}? Its members keep their accounts.`}
            okText="Delete"
            onConfirm={() => void remove()}
            onCancel={() => setConfirming(false)}
          />
        </>
      )}
    </section>
  );
}
