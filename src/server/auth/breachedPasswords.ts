/**
 * The breached-password check of new passwords (ASVS V2.1.7): the common-passwords list of @zxcvbn-ts/language-common
 * (about 49,000 passwords from breaches), loaded once, on the first check, server side only. Compared without case.
 * Never logs the password.
 */
let breached: Promise<ReadonlySet<string>> | undefined;

async function loadList(): Promise<ReadonlySet<string>> {
  const { dictionary } = await import('@zxcvbn-ts/language-common');
  return new Set(dictionary['passwords-common'].map((password) => password.toLowerCase()));
}

export async function isBreachedPassword(password: string): Promise<boolean> {
  breached ??= loadList().catch((error: unknown) => {
    breached = undefined;
    throw error;
  });
  return (await breached).has(password.toLowerCase());
}
