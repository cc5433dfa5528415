import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { configQueryOptions } from '../../../lib/config';
import { flags } from '../../../shared/config';
import { ISSUE_DEFAULTS, JIRA_MESSAGES, type JiraData } from '../../../shared/contracts/jira';
import { Checkbox } from '../../../ui/Checkbox';
import { Dialog } from '../../../ui/Dialog';
import { Spinner } from '../../../ui/ProgressBar';
import { SaveCancelFooter } from '../../../ui/SaveCancelFooter';
import { Select, type SelectOption } from '../../../ui/Select';
import { TextArea } from '../../../ui/TextArea';
import { TextField } from '../../../ui/TextField';
import { toast } from '../../../ui/toast-queue';
import { jiraDataQuery } from '../api/jira-data';
import { saveIssue } from '../api/save-issue';
import {
  bugIssueTypes,
  initialIssueForm,
  issueFormBody,
  issueMapDefaults,
  REPORT_FIELDS,
  validateIssueForm,
  type FailedStepRef,
  type IssueFormErrors,
  type IssueFormValues,
} from '../issue-form';
import './issue-tracker.css';

/** Spec part 1 §9: the Jira modal fills its form this long after opening. */
export const JIRA_MODAL_INIT_DELAY_MS = 50;

const named = (values: readonly string[]): SelectOption[] => values.map((value) => ({ id: value, label: value }));

interface IssueFormProps {
  step: FailedStepRef;
  data: JiraData;
  showReportFields: boolean;
  onClose: () => void;
}

function IssueForm({ step, data, showReportFields, onClose }: IssueFormProps) {
  const [values, setValues] = useState<IssueFormValues>(() => ({ ...initialIssueForm(step), issueMap: issueMapDefaults(data) }));
  const [touched, setTouched] = useState<ReadonlySet<keyof IssueFormErrors>>(new Set());
  const errors = validateIssueForm(values);
  const shown = (field: keyof IssueFormErrors) => (touched.has(field) ? errors[field] : undefined);
  const touch = (field: keyof IssueFormErrors) => setTouched((before) => new Set(before).add(field));
  const set = <K extends keyof IssueFormValues>(key: K, value: IssueFormValues[K]) => setValues((before) => ({ ...before, [key]: value }));

  const save = useMutation({
    mutationFn: () => saveIssue(issueFormBody(step, values, showReportFields)),
    onSuccess: (message) => {
      toast.success(message);
      onClose();
    },
    onError: (error) => toast.error(JIRA_MESSAGES.saveFailed(error.message || JIRA_MESSAGES.fallback)),
  });

  /** Project, Issue Type and Priority: required selects whose error shows once touched. */
  const mandatory = (field: 'projectKey' | 'issue_type' | 'priority_type', label: string, options: SelectOption[], choose: (key: string) => void) => (
    <Select
      label={label}
      isRequired
      options={options}
      selectedKey={values[field] || null}
      onSelectionChange={(key) => {
        choose(key ?? '');
        touch(field);
      }}
      onBlur={() => touch(field)}
      errorMessage={shown(field)}
    />
  );

  const project = data.projects.find((candidate) => candidate.key === values.projectKey);
  const users: SelectOption[] = (project?.users ?? []).map((user) => ({ id: user.id, label: user.name }));
  const resolutions = named([ISSUE_DEFAULTS.resolution, ...data.metaData.RESOLUTION.filter((name) => name !== ISSUE_DEFAULTS.resolution)]);

  return (
    <Dialog
      title="Create Issue"
      isOpen
      onDismiss={onClose}
      size="large"
      footer={<SaveCancelFooter onCancel={onClose} onSave={() => save.mutate()} isSaving={save.isPending} canSave={Object.keys(errors).length === 0} />}
    >
      <p className="issue-step">{`${step.testCaseName} (loop ${step.loop}), step ${step.stepId} ${step.stepName}`}</p>
      <div className="issue-grid">
        {mandatory('projectKey', 'Project', data.projects.map((candidate) => ({ id: candidate.key, label: candidate.name })), (key) => {
          const types = bugIssueTypes(data, key);
          setValues((before) => ({ ...before, projectKey: key, issue_type: types.length === 1 ? (types[0]?.id ?? '') : '', assignee_name: '', reporter_name: '' }));
        })}
        {mandatory('issue_type', 'Issue Type', bugIssueTypes(data, values.projectKey).map((type) => ({ id: type.id, label: type.name })), (key) => set('issue_type', key))}
        {mandatory('priority_type', 'Priority', named(data.metaData.PRIORITY_TYPES), (key) => set('priority_type', key))}
        <Select label="Assignee" options={users} selectedKey={values.assignee_name || null} onSelectionChange={(key) => set('assignee_name', key ?? '')} />
        <Select label="Reporter" options={users} selectedKey={values.reporter_name || null} onSelectionChange={(key) => set('reporter_name', key ?? '')} />
        <Select label="Resolution" options={resolutions} selectedKey={values.resolution} onSelectionChange={(key) => set('resolution', key ?? ISSUE_DEFAULTS.resolution)} />
      </div>
      <TextField
        label="Summary"
        isRequired
        value={values.summary}
        onChange={(value) => {
          set('summary', value);
          touch('summary');
        }}
        onBlur={() => touch('summary')}
        errorMessage={shown('summary')}
      />
      <div className="issue-grid">
        <TextField label="Environment" value={values.environment} onChange={(value) => set('environment', value)} />
        <TextField label="Linked Issues" value={values.linked_issues} onChange={(value) => set('linked_issues', value)} />
        <TextField label="Labels" description="Separated by commas" value={values.labels} onChange={(value) => set('labels', value)} />
        {data.filterData.map((field) => (
          <Select
            key={field.id}
            label={field.name}
            options={named(field.values)}
            selectedKey={values.issueMap[field.id] ?? null}
            onSelectionChange={(key) => set('issueMap', { ...values.issueMap, [field.id]: key ?? '' })}
          />
        ))}
        {showReportFields &&
          REPORT_FIELDS.map(([key, label]) => (
            <TextField key={key} label={label} value={values.report[key]} onChange={(value) => set('report', { ...values.report, [key]: value })} />
          ))}
      </div>
      <TextArea label="Description" rows={5} value={values.description} onChange={(value) => set('description', value)} />
      <Checkbox isSelected={values.attach_images} isDisabled={step.screenshots === 0} onChange={(selected) => set('attach_images', selected)}>
        {`Attach the failure screenshots (${step.screenshots})`}
      </Checkbox>
    </Dialog>
  );
}

export interface IssueModalProps {
  step: FailedStepRef;
  onClose: () => void;
}

/** The Jira-style issue modal of spec part 1 §2, opened from a failed step of a collection report. */
export function IssueModal({ step, onClose }: IssueModalProps) {
  const { data: config = {} } = useQuery(configQueryOptions);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), JIRA_MODAL_INIT_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  const { data, error } = useQuery({ ...jiraDataQuery(), enabled: ready });

  if (data) return <IssueForm step={step} data={data} showReportFields={flags.jiraSpecialCustomer(config)} onClose={onClose} />;
  return (
    <Dialog title="Create Issue" isOpen onDismiss={onClose} size="large">
      {error ? <p role="alert">{JIRA_MESSAGES.saveFailed(error.message || JIRA_MESSAGES.fallback)}</p> : <Spinner label="Loading Jira projects" />}
    </Dialog>
  );
}
