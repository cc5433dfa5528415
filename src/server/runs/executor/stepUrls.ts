import { createOutboundPolicy, endpointOf, OutboundRefused } from '../../outbound/policy';

/**
 * Collections test whatever applications their steps name, so OUTBOUND_ALLOW (meant for integrations) does not apply
 * to them; the addresses every policy refuses (link-local, cloud metadata) do. A run's browser and HTTP steps run on
 * the server, so without this a step could read the machine's cloud credentials into a report.
 */
const RUN_STEP_POLICY = createOutboundPolicy();

/** What a step may open: web pages, and the blank and inline pages tests start from; never the server's own files. */
const STEP_SCHEMES = new Set(['http:', 'https:', 'about:', 'data:']);

/**
 * Why a step may not reach `url`, or null when it may. A host that does not resolve is left to the browser or the
 * request, which say so in their own words.
 */
export async function refusalOf(url: string): Promise<string | null> {
  const parsed = new URL(url);
  if (!STEP_SCHEMES.has(parsed.protocol)) return `Steps open http and https addresses only, not ${parsed.protocol} (${url})`;
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  const { host, port } = endpointOf(parsed);
  try {
    await RUN_STEP_POLICY.check(host, port);
    return null;
  } catch (error) {
    return error instanceof OutboundRefused ? error.message : null;
  }
}

/**
 * Chromium's own guard for what a page loads by itself (redirects, frames, scripts): IPv4 link-local addresses, in any
 * spelling Chromium reads as one (169.254.169.254, 2852039166), fail as unresolvable names. Names that resolve to
 * such addresses are not covered: the steps' own URLs are checked by refusalOf.
 */
export const LINK_LOCAL_RESOLVER_RULE = '--host-resolver-rules=MAP 169.254.* ~NOTFOUND';
