import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-messages';
import { createOrganizationSchema, LICENSE_MESSAGES, ORGANIZATION_MESSAGES, type ClientType, type License, type LicenseInput } from '../../../shared/contracts/organizations';
import { Button } from '../../../ui/Button';
import { Link } from '../../../ui/Link';
import { Select } from '../../../ui/Select';
import { TextField } from '../../../ui/TextField';
import { toast } from '../../../ui/toast-queue';
import { createLicense, licensesQuery } from '../api/licenses';
import { createOrganization } from '../api/organizations';
import { organizationsKeys } from '../api/organizations-keys';
import { LicenseDialog } from '../components/LicenseDialog';
import { licenseFormValues } from '../license-form';
import { ORGANIZATIONS_TEXT } from '../organization-messages';
import { freeLicenses, licenseOptionLabel } from '../organization-view';
import { usePlatformAdmin } from '../use-platform-admin';
import '../organizations.css';

type Refusal = { field: 'name' | 'licenseId' | null; message: string };

/** Which field a refused create names (name taken, licence already bound), or none. */
function refusalOf(error: unknown): Refusal {
  const fields = error instanceof ApiError ? Object.keys(error.fieldErrors ?? {}) : [];
  const field = fields.includes('name') ? 'name' : fields.includes('licenseId') ? 'licenseId' : null;
  return { field, message: errorText(error) };
}

/** Creates an organization bound to a free licence (of the ?type= product when given), then goes back to the list. */
export function NewOrganizationPage({ type }: { type?: ClientType }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const platformAdmin = usePlatformAdmin();
  const licenses = useQuery(licensesQuery());
  const [name, setName] = useState('');
  const [nameTouched, setNameTouched] = useState(false);
  const [licenseId, setLicenseId] = useState<string | null>(null);
  const [creatingLicense, setCreatingLicense] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const free = freeLicenses(licenses.data ?? [], type);

  const create = useMutation({
    mutationFn: createOrganization,
    onSuccess: async () => {
      toast.success(ORGANIZATION_MESSAGES.created);
      await queryClient.invalidateQueries({ queryKey: organizationsKeys.all });
      await navigate({ to: '/organizations' });
    },
    onError: (error) => setRefusal(refusalOf(error)),
  });

  const addLicense = async (input: LicenseInput) => {
    const license = await createLicense(input);
    queryClient.setQueryData<License[]>(organizationsKeys.licenses(), (previous = []) => [...previous, license]);
    setLicenseId(license.licenseId);
    toast.success(LICENSE_MESSAGES.created);
  };

  const body = createOrganizationSchema.safeParse({ name, licenseId: licenseId ?? '' });
  const nameError = refusal?.field === 'name' ? refusal.message : nameTouched && name.trim() === '' ? 'Required' : undefined;

  return (
    <section className="page organizations">
      <Link href="/organizations/">Back to organizations</Link>
      <form
        className="org-form"
        aria-label={type ? `New ${type} organization` : 'New organization'}
        onSubmit={(event) => {
          event.preventDefault();
          if (body.success && !create.isPending) create.mutate(body.data);
        }}
      >
        <TextField
          label="Organization name"
          value={name}
          onChange={(value) => {
            setName(value);
            setNameTouched(true);
            if (refusal?.field !== 'licenseId') setRefusal(null);
          }}
          errorMessage={nameError}
          isRequired
          autoFocus
        />
        <Select
          label={type ? `License (${type})` : 'License'}
          placeholder={licenses.isPending ? 'Loading licenses…' : 'Select a license'}
          options={free.map((license) => ({ id: license.licenseId, label: licenseOptionLabel(license) }))}
          selectedKey={licenseId}
          onSelectionChange={(id) => {
            setLicenseId(id);
            if (refusal?.field !== 'name') setRefusal(null);
          }}
          errorMessage={refusal?.field === 'licenseId' ? refusal.message : undefined}
          isDisabled={free.length === 0}
          isRequired
        />
        {licenses.isError && (
          <p className="org-error" role="alert">
            {ORGANIZATIONS_TEXT.licensesLoadFailed} {errorText(licenses.error)}
          </p>
        )}
        {licenses.data && free.length === 0 && <p className="organizations__note">{ORGANIZATIONS_TEXT.noFreeLicense}</p>}
        {refusal && refusal.field === null && (
          <p className="org-error" role="alert">
            {refusal.message}
          </p>
        )}
        <div className="org-form__actions">
          <Button type="submit" variant="primary" isDisabled={!body.success} isPending={create.isPending}>
            Save
          </Button>
          {platformAdmin && <Button onPress={() => setCreatingLicense(true)}>New license</Button>}
        </div>
      </form>
      {creatingLicense && (
        <LicenseDialog title="New license" isOpen initialValues={licenseFormValues(undefined, type)} onSubmit={addLicense} onClose={() => setCreatingLicense(false)} />
      )}
    </section>
  );
}
