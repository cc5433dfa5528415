import { http, HttpResponse } from 'msw';
import { FIELD_ERROR_KEYS } from '../../src/shared/contracts/collections';
import {
  createOrganizationSchema,
  LICENSE_MESSAGES,
  licenseExpiryClass,
  licenseInputSchema,
  licenseSchema,
  ORGANIZATION_MESSAGES,
  organizationDetailsSchema,
  updateOrganizationSchema,
  type CreateOrganization,
  type License,
  type LicenseInput,
  type OrganizationDetails,
  type OrganizationTile,
  type UpdateOrganization,
} from '../../src/shared/contracts/organizations';
import { RETENTION_DEFAULTS, RETENTION_MESSAGES, retentionInputSchema, type RetentionInput, type RetentionSettings } from '../../src/shared/contracts/retention';
import { endpoints } from '../../src/shared/endpoints';
import { fieldErrorsOf } from '../../src/server/http/validation';
import { nextId } from './factories';
import { anyOrigin, errorResponse } from './handlers';

const DAY_MS = 86_400_000;
let detailNumber = 0;

/** An ISO instant `days` from now. */
export const daysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

export function makeLicense(overrides: Partial<License> = {}): License {
  const durationDays = overrides.durationDays ?? 365;
  const expiresAt = overrides.expiresAt ?? daysFromNow(durationDays);
  return licenseSchema.parse({
    licenseId: nextId('license'),
    licenseName: 'Standard',
    product: 'RTA',
    trial: false,
    users: 10,
    durationDays,
    parallels: 2,
    credit: null,
    startsAt: new Date(Date.parse(expiresAt) - durationDays * DAY_MS).toISOString(),
    expiresAt,
    creditUsed: 0,
    orgId: null,
    status: licenseExpiryClass(expiresAt, Date.now()),
    ...overrides,
  });
}

/** An organization's details; its tile fields follow its licence unless overridden. */
export function makeOrganization(overrides: Partial<OrganizationDetails> = {}): OrganizationDetails {
  detailNumber += 1;
  const id = overrides.id ?? nextId('org');
  const name = overrides.name ?? `Organization ${detailNumber}`;
  const license = overrides.licenseDetails === undefined ? makeLicense({ orgId: id }) : overrides.licenseDetails;
  return organizationDetailsSchema.parse({
    id,
    orgId: id,
    name,
    logo: name.slice(0, 2).toUpperCase(),
    licenseId: license?.licenseId ?? null,
    license: license?.licenseName ?? 'Unlimited',
    date: license?.expiresAt ?? null,
    status: license ? licenseExpiryClass(license.expiresAt, Date.now()) : 'active',
    type: (license?.product ?? 'RTA').toLowerCase(),
    groupsNumber: overrides.groups?.length ?? 0,
    usersNumber: overrides.Accounts?.length ?? 0,
    isPlatform: false,
    detailNumber,
    createdAt: '2026-01-01T00:00:00.000Z',
    licenseDetails: license,
    groups: [],
    Accounts: [],
    runningNow: 0,
    ...overrides,
  });
}

function tileOf(details: OrganizationDetails): OrganizationTile {
  const { id, orgId, name, logo, licenseId, license, date, status, type, groupsNumber, usersNumber, isPlatform } = details;
  return { id, orgId, name, logo, licenseId, license, date, status, type, groupsNumber, usersNumber, isPlatform };
}

/** The fake organizations and licences service, and what it was sent. */
export const organizationsBackend = {
  organizations: [] as OrganizationDetails[],
  licenses: [] as License[],
  created: [] as CreateOrganization[],
  updated: [] as { id: string; body: UpdateOrganization }[],
  licensesCreated: [] as LicenseInput[],
  licensesUpdated: [] as { id: string; body: LicenseInput }[],
  /** Saved retention settings by organization id (others keep RETENTION_DEFAULTS). */
  retention: new Map<string, RetentionSettings>(),
  retentionSaved: [] as { id: string; body: unknown }[],
  /** Answer the next writes with this error instead of saving. */
  failure: null as { status: number; message: string; fieldErrors?: Record<string, string[]> } | null,
  reset() {
    this.organizations = [];
    this.licenses = [];
    this.created = [];
    this.updated = [];
    this.licensesCreated = [];
    this.licensesUpdated = [];
    this.retention = new Map();
    this.retentionSaved = [];
    this.failure = null;
  },
};

/** Records what a write was sent, then answers the configured failure, if any. */
function receive<T>(sent: T[], entry: T) {
  sent.push(entry);
  const { failure: refused } = organizationsBackend;
  return refused ? errorResponse(refused.status, refused.message, refused.fieldErrors) : null;
}

function nameTaken(name: string, exceptId?: string) {
  return organizationsBackend.organizations.some((org) => org.id !== exceptId && org.name.toLowerCase() === name.toLowerCase());
}

/** /api/organizations and /api/licenses as the server answers them (contract src/shared/contracts/organizations.ts). */
export const organizationsHandlers = [
  http.get(anyOrigin(endpoints.organizations.list), () =>
    HttpResponse.json({ success: true, data: organizationsBackend.organizations.map(tileOf) }),
  ),
  http.get(anyOrigin(`${endpoints.organizations.list}/:id`), ({ params }) => {
    const org = organizationsBackend.organizations.find((candidate) => candidate.id === params.id);
    return org ? HttpResponse.json({ success: true, data: org }) : errorResponse(404, ORGANIZATION_MESSAGES.notFound);
  }),
  http.post(anyOrigin(endpoints.organizations.create), async ({ request }) => {
    const input = createOrganizationSchema.parse(await request.json());
    const refused = receive(organizationsBackend.created, input);
    if (refused) return refused;
    if (nameTaken(input.name)) return errorResponse(409, ORGANIZATION_MESSAGES.nameTaken, { name: [FIELD_ERROR_KEYS.noneOf] });
    const license = organizationsBackend.licenses.find((candidate) => candidate.licenseId === input.licenseId);
    if (!license) return errorResponse(404, LICENSE_MESSAGES.notFound, { licenseId: [FIELD_ERROR_KEYS.notFound] });
    if (license.orgId) return errorResponse(409, LICENSE_MESSAGES.alreadyBound, { licenseId: [FIELD_ERROR_KEYS.noneOf] });
    const id = nextId('org');
    const bound = { ...license, orgId: id };
    organizationsBackend.licenses = organizationsBackend.licenses.map((candidate) => (candidate === license ? bound : candidate));
    const org = makeOrganization({ id, name: input.name, licenseDetails: bound });
    organizationsBackend.organizations.push(org);
    return HttpResponse.json({ success: true, message: ORGANIZATION_MESSAGES.created, data: org });
  }),
  http.put(anyOrigin(`${endpoints.organizations.list}/:id`), async ({ request, params }) => {
    const id = String(params.id);
    const input = updateOrganizationSchema.parse(await request.json());
    const refused = receive(organizationsBackend.updated, { id, body: input });
    if (refused) return refused;
    const org = organizationsBackend.organizations.find((candidate) => candidate.id === id);
    if (!org) return errorResponse(404, ORGANIZATION_MESSAGES.notFound);
    if (nameTaken(input.name, id)) return errorResponse(409, ORGANIZATION_MESSAGES.nameTaken, { name: [FIELD_ERROR_KEYS.noneOf] });
    const saved = { ...org, name: input.name };
    organizationsBackend.organizations = organizationsBackend.organizations.map((candidate) => (candidate === org ? saved : candidate));
    return HttpResponse.json({ success: true, message: ORGANIZATION_MESSAGES.saved, data: saved });
  }),
  http.get(anyOrigin(`${endpoints.organizations.list}/:id/retention`), ({ params }) => {
    const id = String(params.id);
    const saved = organizationsBackend.retention.get(id) ?? { orgId: id, ...RETENTION_DEFAULTS, updatedAt: null, updatedBy: null };
    return HttpResponse.json({ success: true, data: saved });
  }),
  http.put(anyOrigin(`${endpoints.organizations.list}/:id/retention`), async ({ request, params }) => {
    const id = String(params.id);
    const body: unknown = await request.json();
    const refused = receive(organizationsBackend.retentionSaved, { id, body });
    if (refused) return refused;
    // The server's answer to bad input: 400 with its messages per field.
    const parsed = retentionInputSchema.safeParse(body);
    if (!parsed.success) return errorResponse(400, 'Invalid retention', fieldErrorsOf(parsed.error));
    const input: RetentionInput = parsed.data;
    const saved = { orgId: id, ...input, updatedAt: new Date().toISOString(), updatedBy: 'user-1' };
    organizationsBackend.retention.set(id, saved);
    return HttpResponse.json({ success: true, message: RETENTION_MESSAGES.saved, data: saved });
  }),
  http.get(anyOrigin(endpoints.licenses.list), () => HttpResponse.json({ success: true, data: { results: organizationsBackend.licenses } })),
  http.post(anyOrigin(endpoints.licenses.create), async ({ request }) => {
    const input = licenseInputSchema.parse(await request.json());
    const refused = receive(organizationsBackend.licensesCreated, input);
    if (refused) return refused;
    const license = makeLicense({ ...input, expiresAt: daysFromNow(input.durationDays) });
    organizationsBackend.licenses.push(license);
    return HttpResponse.json({ success: true, message: LICENSE_MESSAGES.created, data: license });
  }),
  http.put(anyOrigin(`${endpoints.licenses.list}/:id`), async ({ request, params }) => {
    const id = String(params.id);
    const input = licenseInputSchema.parse(await request.json());
    const refused = receive(organizationsBackend.licensesUpdated, { id, body: input });
    if (refused) return refused;
    const license =
      organizationsBackend.licenses.find((candidate) => candidate.licenseId === id) ??
      organizationsBackend.organizations.find((org) => org.licenseDetails?.licenseId === id)?.licenseDetails;
    if (!license) return errorResponse(404, LICENSE_MESSAGES.notFound);
    const saved = { ...license, ...input, expiresAt: new Date(Date.parse(license.startsAt) + input.durationDays * DAY_MS).toISOString() };
    organizationsBackend.licenses = organizationsBackend.licenses.map((candidate) => (candidate.licenseId === id ? saved : candidate));
    organizationsBackend.organizations = organizationsBackend.organizations.map((org) =>
      org.licenseDetails?.licenseId === id ? { ...org, licenseDetails: saved, license: saved.licenseName, date: saved.expiresAt } : org,
    );
    return HttpResponse.json({ success: true, message: LICENSE_MESSAGES.saved, data: saved });
  }),
];
