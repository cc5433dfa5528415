import { errors, jwtVerify, SignJWT } from 'jose';
import { accessClaimsSchema, type AccessClaims } from '../../shared/contracts/auth';

const ALGORITHM = 'HS256';
const ISSUER = 'studio-platform';

export interface AccessTokenSigner {
  sign(claims: Omit<AccessClaims, 'typ'>): Promise<string>;
  /** The claims of a valid token, or null for a missing, forged, malformed or expired one. */
  verify(token: string): Promise<AccessClaims | null>;
}

export function createAccessTokenSigner(secret: Uint8Array, ttlSeconds: number): AccessTokenSigner {
  return {
    sign: (claims) =>
      new SignJWT({ ...claims, typ: 'access' })
        .setProtectedHeader({ alg: ALGORITHM })
        .setSubject(claims.sub)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(secret),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, secret, { algorithms: [ALGORITHM], issuer: ISSUER });
        const parsed = accessClaimsSchema.safeParse(payload);
        return parsed.success ? parsed.data : null;
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}
