import { ISSUE_DEFAULTS, issueMapEntrySchema, type IssueForm, type IssueMapEntry, type JiraApiVersion } from '../../shared/contracts/jira';
import { ApiError } from '../http/apiError';

/** What the run says about the failed step, written under the user's description. */
export interface FailedStepContext {
  testSuiteName: string;
  statusId: string;
  scenario: string | null;
  errorDetail: string;
}

/** Rich text as API v3 wants it: Atlassian Document Format, one paragraph per line block. */
export function adfDocument(text: string): Record<string, unknown> {
  const paragraphs = text.split(/\n{2,}/).filter((block) => block.trim() !== '');
  return {
    type: 'doc',
    version: 1,
    content: paragraphs.map((block) => ({
      type: 'paragraph',
      content: block.split('\n').flatMap((line, index) => [...(index > 0 ? [{ type: 'hardBreak' }] : []), ...(line === '' ? [] : [{ type: 'text', text: line }])]),
    })),
  };
}

const richText = (text: string, version: JiraApiVersion): unknown => (version === '3' ? adfDocument(text) : text);

/** issueMap arrives as repeated entries, each a JSON {id, value}; a bad entry is a 400 naming the field. */
export function parseIssueMap(raw: IssueForm['issueMap']): IssueMapEntry[] {
  const entries = raw === undefined ? [] : typeof raw === 'string' ? [raw] : raw;
  return entries.map((entry) => {
    let json: unknown;
    try {
      json = JSON.parse(entry);
    } catch {
      json = undefined;
    }
    const parsed = issueMapEntrySchema.safeParse(json);
    if (!parsed.success) throw new ApiError(400, 'issueMap: each entry must be a JSON object {"id": "<field id>", "value": "<value>"}.', {}, { issueMap: ['Pattern'] });
    return parsed.data;
  });
}

/** Jira labels cannot hold spaces: commas or blanks separate them. */
export const labelsOf = (labels: string | undefined): string[] => (labels ?? '').split(/[\s,]+/).filter((label) => label !== '');

const REPORT_LINES: readonly [keyof IssueForm, string][] = [
  ['report_platform', 'Platform'],
  ['report_os', 'OS'],
  ['report_location', 'Location'],
  ['report_product', 'Product'],
  ['report_type', 'Type'],
  ['report_area', 'Area'],
  ['report_lob', 'Line of Business'],
  ['highlevelcategory', 'High Level Category'],
  ['language', 'Language'],
  ['team_owner', 'Team Owner'],
];

/** The description Jira gets: the user's text, then where the failure was found (linked_issues names that relation). */
export function descriptionOf(form: IssueForm, context: FailedStepContext): string {
  const found = [
    `${form.linked_issues || ISSUE_DEFAULTS.linked_issues}:`,
    `Collection: ${context.testSuiteName}${form.testSuiteId ? ` (${form.testSuiteId})` : ''}`,
    `Run: ${context.statusId}`,
    `Flow: ${form.testCaseName}, loop ${form.testLoop}`,
    `Step: ${form.testStepId}`,
    ...(context.scenario ? [`Scenario: ${context.scenario}`] : []),
    ...(context.errorDetail ? [`Failure: ${context.errorDetail}`] : []),
  ];
  const report = REPORT_LINES.flatMap(([key, label]) => {
    const value = form[key];
    return typeof value === 'string' && value !== '' ? [`${label}: ${value}`] : [];
  });
  return [form.description ?? '', found.join('\n'), report.join('\n')].filter((block) => block.trim() !== '').join('\n\n');
}

const userField = (id: string, version: JiraApiVersion) => (version === '3' ? { accountId: id } : { name: id });

/** The `fields` of Jira's create-issue call for the form, on API v2 or v3. */
export function issueFields(form: IssueForm, issueMap: readonly IssueMapEntry[], context: FailedStepContext, version: JiraApiVersion): Record<string, unknown> {
  const fields: Record<string, unknown> = {
    project: { key: form.projectKey },
    issuetype: { id: form.issue_type },
    summary: form.summary,
    priority: { name: form.priority_type },
    description: richText(descriptionOf(form, context), version),
    labels: labelsOf(form.labels),
  };
  if (form.environment) fields.environment = richText(form.environment, version);
  if (form.assignee_name) fields.assignee = userField(form.assignee_name, version);
  if (form.reporter_name) fields.reporter = userField(form.reporter_name, version);
  // Unresolved is Jira's name for "no resolution": sending it would be refused.
  if (form.resolution && form.resolution !== ISSUE_DEFAULTS.resolution) fields.resolution = { name: form.resolution };
  for (const entry of issueMap) if (entry.value !== '') fields[entry.id] = { value: entry.value };
  return fields;
}
