import { errors, jwtVerify, SignJWT } from 'jose';
import { accessClaimsSchema, type AccessClaims } from '../../shared/contracts/auth';

const ALGORITHM = 'HS256';
const ISSUER = 'studio-platform';

export interface AccessTokenSigner {
  /**
   * Signs `claims`, issued at `issuedAtSeconds` (now by default) and expiring the lifetime later: the same claims and
   * time give the same token on every replica.
   */
  sign(claims: Omit<AccessClaims, 'typ'>, issuedAtSeconds?: number): Promise<string>;
  /** The claims of a valid token, or null for a missing, forged, malformed or expired one. */
  verify(token: string): Promise<AccessClaims | null>;
}

interface VerifiedToken {
  claims: AccessClaims;
  expiresAtMs: number;
}

/** Tokens whose signature was checked, kept until they expire; each polling tab presents the same one every few seconds. */
const VERIFIED_CACHE_SIZE = 10_000;

export function createAccessTokenSigner(secret: Uint8Array, ttlSeconds: number): AccessTokenSigner {
  // Imported once: given raw bytes, jose imports the key again for every token.
  const key = crypto.subtle.importKey('raw', secret as Uint8Array<ArrayBuffer>, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  const verified = new Map<string, VerifiedToken>();

  async function checkSignature(token: string): Promise<VerifiedToken | null> {
    try {
      const { payload } = await jwtVerify(token, await key, { algorithms: [ALGORITHM], issuer: ISSUER, requiredClaims: ['exp'] });
      const parsed = accessClaimsSchema.safeParse(payload);
      return parsed.success ? { claims: parsed.data, expiresAtMs: (payload.exp ?? 0) * 1000 } : null;
    } catch (error) {
      if (error instanceof errors.JOSEError) return null;
      throw error;
    }
  }

  return {
    sign: async (claims, issuedAtSeconds = Math.floor(Date.now() / 1000)) =>
      new SignJWT({ ...claims, typ: 'access' })
        .setProtectedHeader({ alg: ALGORITHM })
        .setSubject(claims.sub)
        .setIssuer(ISSUER)
        .setIssuedAt(issuedAtSeconds)
        .setExpirationTime(issuedAtSeconds + ttlSeconds)
        .sign(await key),
    // A token is a fixed string whose signature and claims never change, so a checked one stays valid until it
    // expires; revocation is the session check's business (authorization.ts), made on every request.
    async verify(token) {
      const known = verified.get(token);
      if (known && known.expiresAtMs > Date.now()) return known.claims;
      if (known) verified.delete(token);
      const checked = await checkSignature(token);
      if (!checked) return null;
      if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value ?? '');
      verified.set(token, checked);
      return checked.claims;
    },
  };
}
