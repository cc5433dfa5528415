import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '../../../lib/error-messages';
import { ORGANIZATION_MESSAGES, updateOrganizationSchema, type OrganizationDetails } from '../../../shared/contracts/organizations';
import { TextField } from '../../../ui/TextField';
import { updateOrganization } from '../api/organizations';
import { organizationsKeys } from '../api/organizations-keys';
import { useDebouncedSave } from '../use-debounced-save';

/** The details page's name: saved with PUT 500 ms after the last keystroke (spec part 3 §9). */
export function OrganizationNameField({ organization }: { organization: OrganizationDetails }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(organization.name);
  const rename = useMutation({
    mutationFn: (newName: string) => updateOrganization(organization.id, { name: newName }),
    onSuccess: (saved) => {
      queryClient.setQueryData(organizationsKeys.details(organization.id), saved);
      void queryClient.invalidateQueries({ queryKey: organizationsKeys.list() });
    },
  });
  const trimmed = name.trim();
  const invalid = !updateOrganizationSchema.safeParse({ name }).success;
  // What counts as saved: the server's name, or the last one sent (its answer, or its refusal, is on screen).
  const lastSent = rename.variables ?? organization.name;
  useDebouncedSave(invalid ? lastSent : trimmed, lastSent, (value) => rename.mutate(value));

  const errorMessage = invalid ? (trimmed === '' ? 'Required' : 'At most 100 characters') : rename.isError ? errorText(rename.error) : undefined;
  return (
    <div className="org-name">
      <TextField label="Organization name" value={name} onChange={setName} errorMessage={errorMessage} />
      <span className="org-save-state" role="status">
        {rename.isPending ? 'Saving…' : rename.isSuccess && !invalid && trimmed === rename.variables ? ORGANIZATION_MESSAGES.saved : ''}
      </span>
    </div>
  );
}
