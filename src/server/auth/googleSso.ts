import { z } from 'zod';
import { log } from '../logs/logger';

export interface GoogleSsoSettings {
  clientId: string;
  clientSecret: string;
  tokenUrl: string;
  userInfoUrl: string;
}

export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
export const GOOGLE_USERINFO_URL = 'https://openidconnect.googleapis.com/v1/userinfo';

const tokenAnswerSchema = z.object({ access_token: z.string() });
const userInfoSchema = z.object({ email: z.string(), email_verified: z.boolean().optional() });

export type GoogleExchange = { ok: true; email: string } | { ok: false; reason: 'rejected' | 'unavailable' };

/** Exchanges an authorization code for the verified e-mail of the Google account (code flow, profile+email). */
export async function exchangeGoogleCode(settings: GoogleSsoSettings, code: string, redirectUri: string): Promise<GoogleExchange> {
  try {
    const tokenResponse = await fetch(settings.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        code,
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
        redirect_uri: redirectUri,
        grant_type: 'authorization_code',
      }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!tokenResponse.ok) return { ok: false, reason: 'rejected' };
    const token = tokenAnswerSchema.safeParse(await tokenResponse.json());
    if (!token.success) return { ok: false, reason: 'rejected' };
    const infoResponse = await fetch(settings.userInfoUrl, {
      headers: { authorization: `Bearer ${token.data.access_token}` },
      signal: AbortSignal.timeout(10_000),
    });
    const info = infoResponse.ok ? userInfoSchema.safeParse(await infoResponse.json()) : undefined;
    // An unverified address proves nothing about who signs in.
    if (!info?.success || info.data.email_verified === false) return { ok: false, reason: 'rejected' };
    return { ok: true, email: info.data.email };
  } catch (error) {
    log().warn({ err: error }, 'Google sign-in exchange failed');
    return { ok: false, reason: 'unavailable' };
  }
}
