import { BUG_ISSUE_TYPE, ISSUE_DEFAULTS, type JiraData } from '../../shared/contracts/jira';
import { SUMMARY_MAX_LENGTH } from '../../shared/constants';

/** The failed step an issue is filed from, as the collection report knows it. */
export interface FailedStepRef {
  statusId: string;
  collectionId: string;
  testSuiteName: string;
  testCaseName: string;
  loop: number;
  stepId: string;
  stepName: string;
  notes: string;
  screenshots: number;
}

/** Report fields shown only to the special customer (JiraFeature.specialCustomer). */
export const REPORT_FIELDS = [
  ['report_platform', 'Platform'],
  ['report_os', 'OS'],
  ['report_location', 'Location'],
  ['report_product', 'Product'],
  ['report_type', 'Report Type'],
  ['report_area', 'Area'],
  ['report_lob', 'Line of Business'],
  ['highlevelcategory', 'High Level Category'],
  ['language', 'Language'],
  ['team_owner', 'Team Owner'],
] as const;
export type ReportField = (typeof REPORT_FIELDS)[number][0];

export interface IssueFormValues {
  projectKey: string;
  issue_type: string;
  priority_type: string;
  summary: string;
  environment: string;
  description: string;
  labels: string;
  assignee_name: string;
  reporter_name: string;
  linked_issues: string;
  resolution: string;
  attach_images: boolean;
  report: Record<ReportField, string>;
  /** issueMap: custom field id to the chosen value. */
  issueMap: Record<string, string>;
}

/** Defaults of spec part 1 §3: priority Minor, environment Production, 'Discovered while testing', Unresolved. */
export function initialIssueForm(step: FailedStepRef): IssueFormValues {
  const report = Object.fromEntries(REPORT_FIELDS.map(([key]) => [key, ''])) as Record<ReportField, string>;
  return {
    projectKey: '',
    issue_type: '',
    priority_type: ISSUE_DEFAULTS.priority_type,
    summary: `${step.testSuiteName}: ${step.testCaseName} failed at step ${step.stepId} ${step.stepName}`.slice(0, SUMMARY_MAX_LENGTH),
    environment: ISSUE_DEFAULTS.environment,
    description: step.notes,
    labels: '',
    assignee_name: '',
    reporter_name: '',
    linked_issues: ISSUE_DEFAULTS.linked_issues,
    resolution: ISSUE_DEFAULTS.resolution,
    attach_images: step.screenshots > 0,
    report: { ...report, language: ISSUE_DEFAULTS.language, team_owner: ISSUE_DEFAULTS.team_owner },
    issueMap: {},
  };
}

/** issueMap defaults: Language English and Team Owner Business when Jira offers them. */
export function issueMapDefaults(data: JiraData): Record<string, string> {
  const defaults: Record<string, string> = { Language: ISSUE_DEFAULTS.language, 'Team Owner': ISSUE_DEFAULTS.team_owner };
  return Object.fromEntries(
    data.filterData.flatMap((field) => {
      const value = defaults[field.name];
      return value !== undefined && field.values.includes(value) ? [[field.id, value]] : [];
    }),
  );
}

export type IssueFormErrors = Partial<Record<'projectKey' | 'issue_type' | 'priority_type' | 'summary', string>>;

/** Project, Issue Type and Priority are mandatory; the summary is required and at most 255 characters. */
export function validateIssueForm(values: IssueFormValues): IssueFormErrors {
  const errors: IssueFormErrors = {};
  if (values.projectKey === '') errors.projectKey = 'Project is required';
  if (values.issue_type === '') errors.issue_type = 'Issue Type is required';
  if (values.priority_type === '') errors.priority_type = 'Priority is required';
  if (values.summary.trim() === '') errors.summary = 'Summary is required';
  else if (values.summary.length > SUMMARY_MAX_LENGTH) errors.summary = `Summary is at most ${SUMMARY_MAX_LENGTH} characters`;
  return errors;
}

/** Only Bug issue types are offered. */
export const bugIssueTypes = (data: JiraData, projectKey: string) =>
  (data.projects.find((project) => project.key === projectKey)?.issue_types ?? []).filter((type) => type.name.toLowerCase() === BUG_ISSUE_TYPE.toLowerCase());

/** The form entries genericSave takes: the fields, the step's identity, and issueMap as repeated JSON pairs. */
export function issueFormBody(step: FailedStepRef, values: IssueFormValues, showReportFields: boolean): URLSearchParams {
  const body = new URLSearchParams({
    testStatusId: step.statusId,
    testSuiteId: step.collectionId,
    testCaseName: step.testCaseName,
    testLoop: String(step.loop),
    testStepId: step.stepId,
    projectKey: values.projectKey,
    issue_type: values.issue_type,
    priority_type: values.priority_type,
    summary: values.summary,
    environment: values.environment,
    description: values.description,
    labels: values.labels,
    linked_issues: values.linked_issues,
    resolution: values.resolution,
    attach_images: String(values.attach_images),
  });
  if (values.assignee_name) body.set('assignee_name', values.assignee_name);
  if (values.reporter_name) body.set('reporter_name', values.reporter_name);
  if (showReportFields) for (const [key] of REPORT_FIELDS) if (values.report[key]) body.set(key, values.report[key]);
  for (const [id, value] of Object.entries(values.issueMap)) if (value !== '') body.append('issueMap', JSON.stringify({ id, value }));
  return body;
}

/** A report row of a failed step and its run, as the collection report holds them, made into the step an issue is filed from. */
export function failedStepRef(
  row: { flowName: string; flowLoop: number; stepId: string; stepName: string; notes: string; images: readonly unknown[] },
  run: { statusId: string; collectionId: string; testSuiteName: string },
): FailedStepRef {
  return {
    statusId: run.statusId,
    collectionId: run.collectionId,
    testSuiteName: run.testSuiteName,
    testCaseName: row.flowName,
    loop: row.flowLoop,
    stepId: row.stepId,
    stepName: row.stepName,
    notes: row.notes,
    screenshots: row.images.length,
  };
}
