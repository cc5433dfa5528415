import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAccessTokenSigner } from './accessTokens';

const SECRET = new TextEncoder().encode('a-test-signing-secret-of-32-bytes!');
const CLAIMS = { sub: 'user-1', userId: 'ada@example.com', features: ['STUDIO'], sid: 'family-1' };

describe('access tokens', () => {
  afterEach(() => vi.useRealTimers());

  it('verifies its own tokens, again from what it checked, and refuses forged ones', async () => {
    const signer = createAccessTokenSigner(SECRET, 60);
    const token = await signer.sign(CLAIMS);
    expect(await signer.verify(token)).toMatchObject({ ...CLAIMS, typ: 'access' });
    expect(await signer.verify(token)).toMatchObject(CLAIMS);
    const other = createAccessTokenSigner(new TextEncoder().encode('another-secret-of-thirty-two-byte'), 60);
    expect(await other.verify(token)).toBeNull();
    const [header, , signature] = token.split('.');
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...CLAIMS, features: ['ADMIN'], typ: 'access' })).toString('base64url')}.${signature}`;
    expect(await signer.verify(tampered)).toBeNull();
  });

  it('refuses a token that expired after it was checked', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const signer = createAccessTokenSigner(SECRET, 2);
    const token = await signer.sign(CLAIMS);
    expect(await signer.verify(token)).not.toBeNull();
    vi.setSystemTime(Date.now() + 3_000);
    expect(await signer.verify(token)).toBeNull();
  });
});
