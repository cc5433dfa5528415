import { describe, expect, it } from 'vitest';
import { LICENSE_MESSAGES } from '../../shared/contracts/organizations';
import { licenseFormValues, validateLicenseForm } from './license-form';
import { licenseNotice } from './organization-view';

const NOW = Date.parse('2026-03-01T12:00:00.000Z');
const inDays = (days: number) => new Date(NOW + days * 86_400_000).toISOString();

describe('licenseNotice', () => {
  it('warns from LICENSE_WARNING_DAYS (14) before expiry, counting whole days up', () => {
    expect(licenseNotice(inDays(14), NOW)).toEqual({ tone: 'warning', text: LICENSE_MESSAGES.expiresSoon(14) });
    expect(licenseNotice(inDays(0.5), NOW)).toEqual({ tone: 'warning', text: LICENSE_MESSAGES.expiresSoon(1) });
    expect(licenseNotice(inDays(14.5), NOW)).toBeNull();
    expect(licenseNotice(inDays(30), NOW)).toBeNull();
  });

  it('says the licence expired once it has, and nothing without a licence', () => {
    expect(licenseNotice(inDays(-1), NOW)?.tone).toBe('expired');
    expect(licenseNotice(inDays(-1), NOW)?.text).toMatch(/^The organization's license expired on [A-Z][a-z]{2}-\d{2}-2026/);
    expect(licenseNotice(null, NOW)).toBeNull();
  });
});

describe('validateLicenseForm', () => {
  const valid = { ...licenseFormValues(undefined, 'RPA'), licenseName: ' Gold ', users: '5', durationDays: '30', parallels: '2' };

  it('gives the body with trimmed name, numbers and a null credit when it is empty', () => {
    expect(validateLicenseForm(valid)).toEqual({
      input: { licenseName: 'Gold', product: 'RPA', trial: false, users: 5, durationDays: 30, parallels: 2, credit: null },
      errors: null,
    });
    expect(validateLicenseForm({ ...valid, credit: '0' }).input?.credit).toBe(0);
  });

  it('names each refused field', () => {
    expect(validateLicenseForm({ ...valid, licenseName: '  ', users: '0', durationDays: '1.5', parallels: '1001', credit: '-3' }).errors).toEqual({
      licenseName: 'Required',
      users: 'At least 1',
      durationDays: 'Enter a whole number',
      parallels: 'At most 1000',
      credit: 'Enter a whole number',
    });
  });
});
