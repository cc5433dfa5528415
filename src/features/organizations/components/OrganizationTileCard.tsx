import type { OrganizationTile } from '../../../shared/contracts/organizations';
import { Link } from '../../../ui/Link';
import { EXPIRY_LABELS, expiryDateText } from '../organization-view';
import { Facts } from './Facts';

/** One organization of the list: coloured by its product type, its licence's expiry class as a modifier. */
export function OrganizationTileCard({ tile }: { tile: OrganizationTile }) {
  return (
    <article className={`org-tile org-tile--${tile.type} org-tile--${tile.status}`} aria-label={tile.name}>
      <div className="org-tile__top">
        <span className="org-logo" aria-hidden="true">
          {tile.logo}
        </span>
        <Link href={`/organizations/${encodeURIComponent(tile.id)}`} variant="plain" className="org-tile__name">
          {tile.name}
        </Link>
      </div>
      <Facts
        className="org-tile__facts"
        facts={[
          { label: 'License', value: tile.license },
          { label: 'Expires', value: expiryDateText(tile.date) },
          { label: 'Status', value: EXPIRY_LABELS[tile.status], className: `org-status org-status--${tile.status}` },
          { label: 'Type', value: tile.type.toUpperCase() },
          { label: 'Groups', value: tile.groupsNumber },
          { label: 'Users', value: tile.usersNumber },
        ]}
      />
    </article>
  );
}
