import { errors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';

const ALGORITHM = 'HS256';
const ISSUER = 'studio-platform';
const AUDIENCE = 'run-file-download';

/**
 * How long a download link works once made. Enough for the browser to start the download the page asks for; the
 * link lands in the browser's download list and history, so it must not open the file for long after.
 */
export const DOWNLOAD_TOKEN_TTL_SECONDS = 60;

/** What a download token lets its bearer fetch, once, shortly: one run file, for the user and session that asked. */
const downloadClaimsSchema = z.object({
  sub: z.string(),
  sid: z.string(),
  org: z.string(),
  /** The run's status id. */
  id: z.string(),
  /** The artifact path, as step results give it. */
  path: z.string(),
});
export type DownloadClaims = z.infer<typeof downloadClaimsSchema>;

export interface DownloadTokens {
  /** Issued at `issuedAtSeconds` (now by default), expiring DOWNLOAD_TOKEN_TTL_SECONDS later. */
  sign(claims: DownloadClaims, issuedAtSeconds?: number): Promise<string>;
  /** The claims of a valid, unexpired token; null for anything else (an access token among them). */
  verify(token: string): Promise<DownloadClaims | null>;
}

/**
 * Signed with the server's token key but for another audience, so a download token is no access token and an access
 * token no download token. Signed rather than stored: every replica can check one, and nothing is left to prune.
 */
export function createDownloadTokens(secret: Uint8Array): DownloadTokens {
  const key = crypto.subtle.importKey('raw', secret as Uint8Array<ArrayBuffer>, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  return {
    sign: async (claims, issuedAtSeconds = Math.floor(Date.now() / 1000)) =>
      new SignJWT({ ...claims })
        .setProtectedHeader({ alg: ALGORITHM })
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAtSeconds)
        .setExpirationTime(issuedAtSeconds + DOWNLOAD_TOKEN_TTL_SECONDS)
        .sign(await key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, await key, { algorithms: [ALGORITHM], issuer: ISSUER, audience: AUDIENCE, requiredClaims: ['exp'] });
        const parsed = downloadClaimsSchema.safeParse(payload);
        return parsed.success ? parsed.data : null;
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}
