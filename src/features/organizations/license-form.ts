import type { z } from 'zod';
import { FIELD_ERROR_KEYS } from '../../shared/contracts/collections';
import { licenseInputSchema, type ClientType, type License, type LicenseInput } from '../../shared/contracts/organizations';

/** The licence dialog's values as typed: numbers stay text until they are checked. */
export interface LicenseFormValues {
  licenseName: string;
  product: ClientType;
  trial: boolean;
  users: string;
  durationDays: string;
  parallels: string;
  /** Empty for no limit. */
  credit: string;
}

export type LicenseField = keyof LicenseFormValues;
export type LicenseFormErrors = Partial<Record<LicenseField, string>>;

const COUNT_FIELDS = ['users', 'durationDays', 'parallels'] as const;
const DIGITS = /^\d+$/;

export function licenseFormValues(license?: Pick<License, keyof LicenseInput>, product: ClientType = 'RTA'): LicenseFormValues {
  return {
    licenseName: license?.licenseName ?? '',
    product: license?.product ?? product,
    trial: license?.trial ?? false,
    users: license ? String(license.users) : '',
    durationDays: license ? String(license.durationDays) : '',
    parallels: license ? String(license.parallels) : '',
    credit: license?.credit === null || license?.credit === undefined ? '' : String(license.credit),
  };
}

/** A number typed as text: null when empty, NaN when not whole digits. */
function wholeNumber(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return DIGITS.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** The contract's refusal as a sentence a user can act on. */
function issueText(issue: z.core.$ZodIssue): string {
  if (issue.code === 'too_big') return issue.origin === 'string' ? `At most ${issue.maximum} characters` : `At most ${issue.maximum}`;
  if (issue.code === 'too_small') return issue.origin === 'string' ? 'Required' : `At least ${issue.minimum}`;
  if (issue.message === FIELD_ERROR_KEYS.required) return 'Required';
  return 'Enter a whole number';
}

/** Checks the values against licenseInputSchema: the body to send, or the first error of each field. */
export function validateLicenseForm(values: LicenseFormValues): { input: LicenseInput; errors: null } | { input: null; errors: LicenseFormErrors } {
  const errors: LicenseFormErrors = {};
  const numbers: Partial<Record<(typeof COUNT_FIELDS)[number] | 'credit', number | null>> = {};
  for (const field of [...COUNT_FIELDS, 'credit'] as const) {
    const value = wholeNumber(values[field]);
    if (Number.isNaN(value)) errors[field] = 'Enter a whole number';
    else if (value === null && field !== 'credit') errors[field] = 'Required';
    numbers[field] = value;
  }
  const parsed = licenseInputSchema.safeParse({ ...values, ...numbers });
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0] as LicenseField;
    errors[field] ??= issueText(issue);
  }
  if (parsed.success && Object.keys(errors).length === 0) return { input: parsed.data, errors: null };
  return { input: null, errors };
}
