import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '../../../lib/error-messages';
import { CLIENT_TYPES } from '../../../shared/contracts/organizations';
import { Link } from '../../../ui/Link';
import { MenuButton } from '../../../ui/Menu';
import { SearchField } from '../../../ui/SearchField';
import { organizationsQuery } from '../api/organizations';
import { OrganizationTileCard } from '../components/OrganizationTileCard';
import { ORGANIZATIONS_TEXT } from '../organization-messages';
import { filterTiles } from '../organization-view';
import '../organizations.css';

const CREATE_ITEMS = CLIENT_TYPES.map((type) => ({ id: type, label: type, href: `/organizations/new?type=${type}` }));

/** The organizations list (spec part 3 §2 Organizations): search, tiles, a create tile and the CREATE ORGANIZATION menu. */
export function OrganizationsPage() {
  const tiles = useQuery(organizationsQuery());
  const [search, setSearch] = useState('');
  const shown = filterTiles(tiles.data ?? [], search);

  return (
    <section className="page organizations">
      <div className="organizations__toolbar">
        <SearchField label="Search organizations" hideLabel placeholder="Search organizations" value={search} onChange={setSearch} />
        <MenuButton label="CREATE ORGANIZATION" variant="primary" heading="Select Client Type:" items={CREATE_ITEMS} />
      </div>
      {tiles.isPending && (
        <p className="organizations__note" aria-busy="true">
          {ORGANIZATIONS_TEXT.loading}
        </p>
      )}
      {tiles.isError && !tiles.data && (
        <p className="organizations__note organizations__note--error" role="alert">
          {ORGANIZATIONS_TEXT.loadFailed} {errorText(tiles.error)}
        </p>
      )}
      {tiles.data && shown.length === 0 && (
        <p className="organizations__note" role="status">
          {search.trim() ? ORGANIZATIONS_TEXT.noMatch(search.trim()) : ORGANIZATIONS_TEXT.none}
        </p>
      )}
      <ul className="organizations__tiles" aria-label="Organizations">
        {shown.map((tile) => (
          <li key={tile.id}>
            <OrganizationTileCard tile={tile} />
          </li>
        ))}
        <li>
          <Link href="/organizations/new" variant="plain" className="org-tile org-tile--create">
            <span aria-hidden="true" className="org-tile__plus">
              +
            </span>
            Create organization
          </Link>
        </li>
      </ul>
    </section>
  );
}
