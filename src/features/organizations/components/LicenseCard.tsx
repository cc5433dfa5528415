import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LICENSE_MESSAGES, type OrganizationDetails } from '../../../shared/contracts/organizations';
import { Button } from '../../../ui/Button';
import { toast } from '../../../ui/toast-queue';
import { updateLicense } from '../api/licenses';
import { organizationsKeys } from '../api/organizations-keys';
import { licenseFormValues } from '../license-form';
import { EXPIRY_LABELS, expiryDateText, licenseNotice, licenseTypeText } from '../organization-view';
import { Facts } from './Facts';
import { LicenseDialog } from './LicenseDialog';

export interface LicenseCardProps {
  organization: OrganizationDetails;
  /** Shows the licence's edit button (the server refuses anyone else's edit). */
  canEdit: boolean;
  /** When the details were fetched (epoch ms): the notice counts days from then. */
  now: number;
}

/** Licensing and expiration of the details page, with the licence notice from LICENSE_WARNING_DAYS before expiry. */
export function LicenseCard({ organization, canEdit, now }: LicenseCardProps) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const license = organization.licenseDetails;
  const save = useMutation({
    mutationFn: (input: Parameters<typeof updateLicense>[1]) => updateLicense(license?.licenseId ?? '', input),
    onSuccess: () => {
      toast.success(LICENSE_MESSAGES.saved);
      void queryClient.invalidateQueries({ queryKey: organizationsKeys.all });
    },
  });
  const notice = licenseNotice(license?.expiresAt ?? null, now);

  return (
    <section className="org-card" aria-labelledby="org-licensing-title">
      <div className="org-card__head">
        <h2 id="org-licensing-title">Licensing</h2>
        {canEdit && license && (
          <Button onPress={() => setEditing(true)} aria-label={`Edit license ${license.licenseName}`}>
            Edit license
          </Button>
        )}
      </div>
      {notice && (
        <p className={`org-notice org-notice--${notice.tone}`} role={notice.tone === 'expired' ? 'alert' : 'status'}>
          {notice.text}
        </p>
      )}
      <Facts
        className="org-facts"
        facts={[
          { label: 'License', value: organization.license },
          { label: 'Type', value: license ? licenseTypeText(license) : organization.type.toUpperCase() },
          { label: 'Users', value: license?.users ?? 'Unlimited' },
          { label: 'Duration', value: license ? `${license.durationDays} days` : 'Unlimited' },
          { label: 'Parallels', value: license?.parallels ?? 'Unlimited' },
          { label: 'Credit', value: license?.credit === null || !license ? 'No limit' : `${license.credit} min` },
          { label: 'Credit used', value: `${license?.creditUsed ?? 0} min` },
          { label: 'Expiration date', value: expiryDateText(organization.date) },
          { label: 'Status', value: EXPIRY_LABELS[organization.status], className: `org-status org-status--${organization.status}` },
          { label: 'Detail number', value: organization.detailNumber },
          { label: 'Running now', value: license ? `${organization.runningNow} of ${license.parallels}` : organization.runningNow },
        ]}
      />
      {editing && license && (
        <LicenseDialog
          title={`Edit license ${license.licenseName}`}
          isOpen
          initialValues={licenseFormValues(license)}
          onSubmit={async (input) => {
            await save.mutateAsync(input);
          }}
          onClose={() => setEditing(false)}
        />
      )}
    </section>
  );
}
