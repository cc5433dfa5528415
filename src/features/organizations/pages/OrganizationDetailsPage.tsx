import { useQuery } from '@tanstack/react-query';
import { ORGANIZATION_MESSAGES } from '../../../shared/contracts/organizations';
import { Link } from '../../../ui/Link';
import { organizationQuery } from '../api/organizations';
import { LicenseCard } from '../components/LicenseCard';
import { OrganizationNameField } from '../components/OrganizationNameField';
import { PagedPanel } from '../components/PagedPanel';
import { RetentionCard } from '../components/RetentionCard';
import { usePlatformAdmin } from '../use-platform-admin';
import '../organizations.css';

/** One organization (spec part 3 §2 Details): name, licensing, expiration, groups and users. */
export function OrganizationDetailsPage({ orgId }: { orgId: string }) {
  const details = useQuery(organizationQuery(orgId));
  const platformAdmin = usePlatformAdmin();
  const organization = details.data;

  return (
    <section className="page organizations">
      <Link href="/organizations/">Back to organizations</Link>
      {details.isPending && (
        <p className="organizations__note" aria-busy="true">
          Loading organization…
        </p>
      )}
      {details.isError && !organization && (
        <p className="organizations__note organizations__note--error" role="alert">
          {ORGANIZATION_MESSAGES.notFound}
        </p>
      )}
      {organization && (
        <div className={`org-details org-tile--${organization.type}`}>
          <div className="org-header">
            <span className="org-logo org-logo--large" aria-hidden="true">
              {organization.logo}
            </span>
            {/* Keyed by id: another organization starts its own name field and its own pending save. */}
            <OrganizationNameField key={organization.id} organization={organization} />
          </div>
          <LicenseCard organization={organization} canEdit={platformAdmin} now={details.dataUpdatedAt} />
          <RetentionCard orgId={organization.id} />
          <PagedPanel
            title="Groups"
            items={organization.groups}
            itemKey={(group) => group.id}
            renderItem={(group) => (
              <>
                <Link href={`/groups/${encodeURIComponent(group.id)}`}>{group.name}</Link>
                <span className="org-people__meta">{group.membersNumber} members</span>
              </>
            )}
            addHref={`/groupCreate/new?orgId=${encodeURIComponent(organization.id)}`}
            addLabel="Add group"
            emptyText="No groups yet."
          />
          <PagedPanel
            title="Users"
            items={organization.Accounts}
            itemKey={(account) => account.id}
            renderItem={(account) => (
              <>
                <span>
                  {account.firstName} {account.lastName}
                </span>
                <span className="org-people__meta">
                  {account.userId}
                  {account.active ? '' : ' (inactive)'}
                </span>
              </>
            )}
            addHref={`/user-creation?orgId=${encodeURIComponent(organization.id)}`}
            addLabel="Add user"
            emptyText="No users yet."
          />
        </div>
      )}
    </section>
  );
}
