import { http, HttpResponse } from 'msw';
import { issueFormSchema, jiraConfigurationInputSchema, JIRA_MESSAGES, type IssueForm, type JiraConfiguration, type JiraData } from '../../src/shared/contracts/jira';
import { endpoints } from '../../src/shared/endpoints';
import { anyOrigin, errorResponse } from './handlers';

/** genericAll of a Jira with one project that files Bugs (and a Task type the form must not offer), and one without. */
export const JIRA_DATA: JiraData = {
  projects: [
    {
      key: 'QA',
      name: 'Quality Assurance',
      issue_types: [
        { id: '10004', name: 'Bug' },
        { id: '10002', name: 'Task' },
      ],
      users: [
        { id: 'acc-mia', name: 'Mia Krystof' },
        { id: 'acc-emma', name: 'Emma Richards' },
      ],
    },
    { key: 'OPS', name: 'Operations', issue_types: [], users: [] },
  ],
  filterData: [
    { id: 'customfield_10100', name: 'Product', values: ['Studio', 'Control Room'] },
    { id: 'customfield_10102', name: 'Language', values: ['English', 'French'] },
  ],
  metaData: {
    PROJECTS: [
      { key: 'QA', name: 'Quality Assurance' },
      { key: 'OPS', name: 'Operations' },
    ],
    PRIORITY_TYPES: ['Major', 'Minor', 'Trivial'],
    RESOLUTION: ['Done', "Won't Do"],
  },
  customFieldMap: { Product: 'customfield_10100', Language: 'customfield_10102' },
};

/** The form entries as genericSave parses them: repeated issueMap entries become a list. */
function formObject(form: URLSearchParams): Record<string, string | string[]> {
  const object: Record<string, string | string[]> = {};
  for (const key of new Set(form.keys())) {
    const values = form.getAll(key);
    object[key] = key === 'issueMap' ? values : (values[0] ?? '');
  }
  return object;
}

/**
 * The issue tracker's calls, checked against the contract as the server checks them: genericSave answers 'Issue saved.
 * Jira Id: QA-n' and keeps what it received, or `saveError` when given.
 */
export function jiraBackend(options: { data?: JiraData; saveError?: { status: number; message: string }; configuration?: JiraConfiguration | null } = {}) {
  const saved: { form: IssueForm; raw: URLSearchParams }[] = [];
  const state = { configuration: options.configuration ?? null, tokens: [] as string[] };
  const handlers = [
    http.get(anyOrigin(endpoints.jira.configuration), () => HttpResponse.json({ success: true, message: '', data: state.configuration })),
    http.put(anyOrigin(endpoints.jira.configuration), async ({ request }) => {
      const parsed = jiraConfigurationInputSchema.safeParse(await request.json());
      if (!parsed.success) return errorResponse(400, 'Invalid Jira configuration');
      const { apiToken, ...rest } = parsed.data;
      if (apiToken === undefined && !state.configuration?.hasToken) return errorResponse(400, 'apiToken: give the API token the first time.', { apiToken: ['required'] });
      if (apiToken !== undefined) state.tokens.push(apiToken);
      state.configuration = { ...rest, hasToken: true, updatedAt: new Date().toISOString() };
      return HttpResponse.json({ success: true, message: JIRA_MESSAGES.configurationSaved, data: state.configuration });
    }),
    http.get(anyOrigin(endpoints.jira.genericAll), () => HttpResponse.json({ success: true, data: options.data ?? JIRA_DATA })),
    http.get(anyOrigin(endpoints.jira.valid), () => HttpResponse.json({ success: true, data: { valid: true, message: '', displayName: 'Mia Krystof' } })),
    http.get(anyOrigin(endpoints.jira.scenarios), () => HttpResponse.json({ success: true, data: ['Checkout scenario'] })),
    http.post(anyOrigin(endpoints.jira.genericSave), async ({ request }) => {
      if (options.saveError) return errorResponse(options.saveError.status, options.saveError.message);
      const raw = new URLSearchParams(await request.text());
      const parsed = issueFormSchema.safeParse(formObject(raw));
      if (!parsed.success) return errorResponse(400, parsed.error.issues.map((issue) => issue.path.join('.')).join(', '));
      saved.push({ form: parsed.data, raw });
      const key = `QA-${saved.length}`;
      return HttpResponse.json({ success: true, message: JIRA_MESSAGES.savedWithId(key), data: { key, id: String(10_000 + saved.length), attachments: [] } });
    }),
  ];
  return { handlers, saved, state };
}
