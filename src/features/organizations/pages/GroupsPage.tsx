import { useQuery } from '@tanstack/react-query';
import { errorText } from '../../../lib/error-messages';
import type { Group } from '../../../shared/contracts/groups';
import { Link } from '../../../ui/Link';
import { Table, type TableColumn } from '../../../ui/Table';
import { groupsQuery } from '../api/groups';
import { groupsSearch } from '../groups-search';
import { useOrgScope } from '../use-org-scope';
import '../groups.css';

const COLUMNS: readonly TableColumn[] = [
  { id: 'name', header: 'Name', isRowHeader: true },
  { id: 'description', header: 'Description' },
  { id: 'members', header: 'Members', width: 120 },
];

/** /groups: the organization's groups, each linking to its details, and a link to create one. */
export function GroupsPage({ orgId: requestedOrg }: { orgId?: string }) {
  const orgId = useOrgScope(requestedOrg);
  const groups = useQuery(groupsQuery(orgId ?? null));
  const renderCell = (group: Group, columnId: string) => {
    if (columnId === 'name') return <Link href={`/groups/${encodeURIComponent(group.id)}${groupsSearch(orgId)}`}>{group.name}</Link>;
    if (columnId === 'description') return group.description;
    return group.members.length;
  };
  return (
    <section className="page groups-page">
      <div className="groups-page__head">
        <h1>Groups</h1>
        <Link href={`/groupCreate/new${groupsSearch(orgId)}`}>Create group</Link>
      </div>
      {groups.isError && (
        <p className="groups-error" role="alert">
          {errorText(groups.error)}
        </p>
      )}
      <Table label="Groups" columns={COLUMNS} rows={groups.data ?? []} renderCell={renderCell} emptyMessage={groups.isPending ? 'Loading groups…' : 'No groups yet.'} />
    </section>
  );
}
