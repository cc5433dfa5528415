import { DATE_FORMATS, formatDate } from '../../lib/dates';
import {
  LICENSE_MESSAGES,
  LICENSE_WARNING_DAYS,
  licenseDaysLeft,
  licenseExpiryClass,
  type ClientType,
  type License,
  type LicenseExpiryClass,
  type OrganizationTile,
} from '../../shared/contracts/organizations';

/** Readable labels of the expiry classes (the class itself is the tile's CSS modifier). */
export const EXPIRY_LABELS: Readonly<Record<LicenseExpiryClass, string>> = {
  active: 'Active',
  'expiring-soon': 'Expiring soon',
  critical: 'Expires within 14 days',
  expired: 'Expired',
};

/** Tile dates, as the app's date pickers show them (MMM-dd-yyyy); 'No expiry' without a licence. */
export function expiryDateText(date: string | null): string {
  return date ? formatDate(date, DATE_FORMATS.picker) : 'No expiry';
}

/** Tiles whose name holds `search` (case-insensitive, trimmed). */
export function filterTiles(tiles: readonly OrganizationTile[], search: string): OrganizationTile[] {
  const needle = search.trim().toLowerCase();
  return needle ? tiles.filter((tile) => tile.name.toLowerCase().includes(needle)) : [...tiles];
}

/** Licences free to give to a new organization, of `product` when given. */
export function freeLicenses(licenses: readonly License[], product?: ClientType): License[] {
  return licenses.filter((license) => license.orgId === null && (!product || license.product === product));
}

export function licenseTypeText(license: Pick<License, 'product' | 'trial'>): string {
  return license.trial ? `${license.product} (trial)` : license.product;
}

export function licenseOptionLabel(license: License): string {
  return `${license.licenseName}: ${licenseTypeText(license)}, ${license.users} users, ${license.durationDays} days`;
}

/** The licence notice of the details page: expired, or expiring within LICENSE_WARNING_DAYS; null otherwise. */
export function licenseNotice(expiresAt: string | null, now: number): { tone: 'expired' | 'warning'; text: string } | null {
  if (!expiresAt) return null;
  if (licenseExpiryClass(expiresAt, now) === 'expired') {
    return { tone: 'expired', text: LICENSE_MESSAGES.expired(expiryDateText(expiresAt)) };
  }
  const days = licenseDaysLeft(expiresAt, now);
  return days <= LICENSE_WARNING_DAYS ? { tone: 'warning', text: LICENSE_MESSAGES.expiresSoon(days) } : null;
}

/** True when the signed-in user belongs to the platform's own organization, as the tiles it was sent tell. */
export function isPlatformMember(tiles: readonly OrganizationTile[] | undefined, userOrgId: string | undefined): boolean {
  return Boolean(userOrgId && tiles?.some((tile) => tile.isPlatform && (tile.id === userOrgId || tile.orgId === userOrgId)));
}
