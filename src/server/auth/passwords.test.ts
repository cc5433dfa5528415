import { describe, expect, it } from 'vitest';
import { generatePassword, hashPassword, verifyPassword } from './passwords';

describe('passwords', () => {
  it('hashes with a fresh salt and verifies only the right password', async () => {
    const first = await hashPassword('correct horse');
    const second = await hashPassword('correct horse');
    expect(first).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(first).not.toBe(second);
    expect(await verifyPassword('correct horse', first)).toBe(true);
    expect(await verifyPassword('correct horsf', first)).toBe(false);
    expect(await verifyPassword('correct horse', 'md5$whatever')).toBe(false);
  });

  it('verifies a hash by the cost written in it, so a lower or raised cost keeps old hashes valid', async () => {
    const cheaper = await hashPassword('correct horse', { N: 1024, r: 8, p: 1 });
    expect(cheaper).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword('correct horse', cheaper)).toBe(true);
    expect(await verifyPassword('correct horsf', cheaper)).toBe(false);
  });

  it('generates distinct strong passwords', () => {
    const passwords = new Set(Array.from({ length: 50 }, generatePassword));
    expect(passwords.size).toBe(50);
    for (const password of passwords) expect(password).toMatch(/^[\w-]{24}$/);
  });
});
