import { randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { EMAIL_MESSAGES, type ImapAccountHost } from '../../shared/contracts/email';
import type { Db } from '../db/database';
import { ApiError } from '../http/apiError';
import { mailSecrets } from './secretBox';

/** A provider's authorization-code flow for mailbox access (§7: code flow, offline access, IMAP/mail scopes). */
interface ProviderFlow {
  label: string;
  clientIdVariable: string;
  clientSecretVariable: string;
  authorizeUrl: string;
  tokenUrl: string;
  scope: string;
  extraParams: Record<string, string>;
}

function flowOf(host: ImapAccountHost, env: NodeJS.ProcessEnv): ProviderFlow {
  if (host === 'Google') {
    return {
      label: 'Google',
      clientIdVariable: 'MAIL_GOOGLE_CLIENT_ID',
      clientSecretVariable: 'MAIL_GOOGLE_CLIENT_SECRET',
      authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
      tokenUrl: env['MAIL_GOOGLE_TOKEN_URL'] ?? 'https://oauth2.googleapis.com/token',
      scope: 'https://mail.google.com/ openid email',
      extraParams: { access_type: 'offline', prompt: 'consent' },
    };
  }
  const tenant = env['MAIL_MICROSOFT_TENANT'] ?? 'common';
  return {
    label: 'Microsoft',
    clientIdVariable: 'MAIL_MICROSOFT_CLIENT_ID',
    clientSecretVariable: 'MAIL_MICROSOFT_CLIENT_SECRET',
    authorizeUrl: `https://login.microsoftonline.com/${encodeURIComponent(tenant)}/oauth2/v2.0/authorize`,
    tokenUrl: env['MAIL_MICROSOFT_TOKEN_URL'] ?? `https://login.microsoftonline.com/${encodeURIComponent(tenant)}/oauth2/v2.0/token`,
    scope: 'offline_access https://outlook.office.com/IMAP.AccessAsUser.All openid email',
    extraParams: { response_mode: 'query' },
  };
}

function credentials(flow: ProviderFlow, env: NodeJS.ProcessEnv) {
  const clientId = env[flow.clientIdVariable]?.trim();
  const clientSecret = env[flow.clientSecretVariable]?.trim();
  if (!clientId || !clientSecret) {
    throw new ApiError(400, EMAIL_MESSAGES.oauthNotConfigured(flow.label, `${flow.clientIdVariable} and ${flow.clientSecretVariable}`));
  }
  return { clientId, clientSecret };
}

const statePayloadSchema = z.object({
  orgId: z.string(),
  host: z.enum(['MICROSOFT', 'Google']),
  email: z.string().optional(),
  /** Who started the sign-in: the audit trail names them for the account the callback connects. */
  actor: z.object({ id: z.string(), name: z.string() }).optional(),
  nonce: z.string(),
  expires: z.number(),
});
type StatePayload = z.infer<typeof statePayloadSchema>;

/** A sign-in started now must come back within this long. */
const STATE_LIFETIME_MS = 15 * 60 * 1000;

/**
 * The state holds the encoded address (§7) plus the organization, signed: the callback is a plain browser GET without
 * the bearer token, so only a state this server made may add an account to an organization.
 */
async function sealState(db: Db, payload: StatePayload): Promise<string> {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${await mailSecrets.mac(db, 'oauth-state', body)}`;
}

/**
 * The cookie that binds a sign-in to the browser that started it. The signed state alone could be started by one user
 * and completed by another (a link sent to a victim would attach the victim's mailbox to the sender's organization), so
 * the callback also needs this cookie holding the state's nonce. SameSite=Lax: the provider's redirect back is a
 * top-level GET, which carries Lax cookies.
 */
export const SIGN_IN_NONCE_COOKIE = 'mail_signin_nonce';
export const SIGN_IN_NONCE_MAX_AGE_SECONDS = STATE_LIFETIME_MS / 1000;

/** True when the nonce the browser presents is the one sealed in the state (compared in constant time). */
export function nonceMatches(state: StatePayload, browserNonce: string | undefined): boolean {
  if (!browserNonce) return false;
  const expected = Buffer.from(state.nonce);
  const given = Buffer.from(browserNonce);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export async function openState(db: Db, state: string): Promise<StatePayload | null> {
  const [body, mac] = state.split('.');
  if (!body || !mac) return null;
  const expected = Buffer.from(await mailSecrets.mac(db, 'oauth-state', body));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const parsed = statePayloadSchema.safeParse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
  if (!parsed.success || parsed.data.expires < Date.now()) return null;
  return parsed.data;
}

export async function signInUrl(
  db: Db,
  request: { orgId: string; actor: { id: string; name: string }; host: ImapAccountHost; email?: string | undefined; redirectUri: string },
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ url: string; nonce: string }> {
  const flow = flowOf(request.host, env);
  const { clientId } = credentials(flow, env);
  const nonce = randomBytes(16).toString('base64url');
  const state = await sealState(db, {
    orgId: request.orgId,
    actor: request.actor,
    host: request.host,
    ...(request.email ? { email: request.email } : {}),
    nonce,
    expires: Date.now() + STATE_LIFETIME_MS,
  });
  const url = new URL(flow.authorizeUrl);
  url.search = new URLSearchParams({
    client_id: clientId,
    redirect_uri: request.redirectUri,
    response_type: 'code',
    scope: flow.scope,
    state,
    ...(request.email ? { login_hint: request.email } : {}),
    ...flow.extraParams,
  }).toString();
  return { url: url.toString(), nonce };
}

const tokenAnswerSchema = z.object({ refresh_token: z.string().optional(), id_token: z.string().optional() });
const idTokenClaimsSchema = z.object({ email: z.string().optional(), preferred_username: z.string().optional() });

/**
 * Exchanges the code for tokens. The address comes from the id token the token endpoint itself answered over TLS,
 * so its signature needs no second check here.
 */
export async function exchangeCode(
  host: ImapAccountHost,
  code: string,
  redirectUri: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ email: string | null; refreshToken: string | null }> {
  const flow = flowOf(host, env);
  const { clientId, clientSecret } = credentials(flow, env);
  const response = await fetch(flow.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ code, client_id: clientId, client_secret: clientSecret, redirect_uri: redirectUri, grant_type: 'authorization_code' }),
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`The ${flow.label} token endpoint answered ${response.status}`);
  const tokens = tokenAnswerSchema.parse(await response.json());
  const claimsPart = tokens.id_token?.split('.')[1];
  const claims = claimsPart ? idTokenClaimsSchema.safeParse(JSON.parse(Buffer.from(claimsPart, 'base64url').toString('utf8'))) : null;
  const email = claims?.success ? (claims.data.email ?? claims.data.preferred_username ?? null) : null;
  return { email, refreshToken: tokens.refresh_token ?? null };
}
