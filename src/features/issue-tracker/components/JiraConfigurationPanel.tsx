import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { jiraConfigurationInputSchema, type JiraApiVersion, type JiraConfiguration } from '../../../shared/contracts/jira';
import { Button } from '../../../ui/Button';
import { RadioGroup } from '../../../ui/RadioGroup';
import { Spinner } from '../../../ui/ProgressBar';
import { TextField } from '../../../ui/TextField';
import { toast } from '../../../ui/toast-queue';
import { saveJiraConfiguration, jiraConfigurationQuery } from '../api/jira-configuration';
import { jiraValidityQuery } from '../api/jira-data';
import { jiraKeys } from '../api/jira-keys';

const VERSIONS = [
  { id: '3', label: 'REST API 3 (Cloud)' },
  { id: '2', label: 'REST API 2 (Server, Data Center)' },
];

function ConfigurationForm({ saved }: { saved: JiraConfiguration | null }) {
  const queryClient = useQueryClient();
  const [baseUrl, setBaseUrl] = useState(saved?.baseUrl ?? '');
  const [userEmail, setUserEmail] = useState(saved?.userEmail ?? '');
  const [apiToken, setApiToken] = useState('');
  const [apiVersion, setApiVersion] = useState<JiraApiVersion>(saved?.apiVersion ?? '3');
  const input = { baseUrl, userEmail, apiVersion, ...(apiToken ? { apiToken } : {}) };
  const parsed = jiraConfigurationInputSchema.safeParse(input);
  // The first save must carry a token; later ones keep the stored token when the field stays empty.
  const canSave = parsed.success && (apiToken !== '' || saved?.hasToken === true);
  const validity = useQuery({ ...jiraValidityQuery(), enabled: saved !== null });

  const save = useMutation({
    mutationFn: () => saveJiraConfiguration(jiraConfigurationInputSchema.parse(input)),
    onSuccess: ({ message }) => {
      toast.success(message);
      setApiToken('');
      void queryClient.invalidateQueries({ queryKey: jiraKeys.all });
    },
    onError: (error) => toast.error(error.message),
  });

  return (
    <form
      className="jira-configuration"
      onSubmit={(event) => {
        event.preventDefault();
        if (canSave) save.mutate();
      }}
    >
      <TextField label="Jira base URL" type="url" isRequired value={baseUrl} onChange={setBaseUrl} placeholder="https://example.atlassian.net" />
      <TextField label="User e-mail" type="email" isRequired value={userEmail} onChange={setUserEmail} />
      <TextField
        label="API token"
        type="password"
        value={apiToken}
        onChange={setApiToken}
        description={saved?.hasToken ? 'A token is stored; leave empty to keep it.' : 'Required the first time.'}
      />
      <RadioGroup label="REST API" options={VERSIONS} value={apiVersion} onChange={(value) => setApiVersion(value === '2' ? '2' : '3')} />
      <Button type="submit" variant="primary" isDisabled={!canSave || save.isPending}>
        Save
      </Button>
      {validity.data && (
        <p role="status">{validity.data.valid ? `Connected to Jira as ${validity.data.displayName ?? userEmail}.` : validity.data.message}</p>
      )}
    </form>
  );
}

/** The administrator's Jira configuration of the organization (docs/decisions.md, Jira issue filing). */
export function JiraConfigurationPanel() {
  const { data, isPending, error } = useQuery(jiraConfigurationQuery());
  if (isPending) return <Spinner label="Loading the Jira configuration" />;
  if (error) return <p role="alert">{error.message}</p>;
  return <ConfigurationForm saved={data} />;
}
