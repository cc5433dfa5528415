import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { ApiError } from '../http/apiError';

/** The environment variable of the allow-list (README, docs/decisions.md "Outbound connections"). */
export const OUTBOUND_ALLOW_VARIABLE = 'OUTBOUND_ALLOW';

type Family = 'ipv4' | 'ipv6';
const familyOf = (address: string): Family => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

/**
 * Addresses no user-typed host may reach, whatever the allow-list says: link-local (where every cloud keeps its
 * instance metadata and credentials: 169.254.169.254, fd00:ec2::254, Alibaba's 100.100.100.200) in every spelling an
 * IPv6 address can carry an IPv4 one. BlockList itself matches IPv4-mapped addresses (::ffff:169.254.169.254) against
 * the IPv4 rules; the IPv4-compatible, NAT64 and 6to4 forms are listed explicitly.
 */
const ALWAYS_REFUSED = (() => {
  const list = new BlockList();
  list.addSubnet('169.254.0.0', 16, 'ipv4');
  list.addAddress('100.100.100.200', 'ipv4');
  list.addSubnet('fe80::', 10, 'ipv6');
  list.addAddress('fd00:ec2::254', 'ipv6');
  list.addSubnet('::a9fe:0', 112, 'ipv6');
  list.addSubnet('64:ff9b::a9fe:0', 112, 'ipv6');
  list.addSubnet('2002:a9fe::', 32, 'ipv6');
  return list;
})();

export function isAlwaysRefused(address: string): boolean {
  return isIP(address) !== 0 && ALWAYS_REFUSED.check(address, familyOf(address));
}

interface NameRule {
  /** Lower case, no trailing dot; `*.example.com` is kept as the suffix `.example.com`. */
  name: string;
  wildcard: boolean;
  port: number | undefined;
}

interface AddressRule {
  list: BlockList;
  port: number | undefined;
}

/** OUTBOUND_ALLOW parsed: `any` when unset or `*`, otherwise host names and address ranges, each optionally with a port. */
export interface OutboundAllowList {
  any: boolean;
  names: readonly NameRule[];
  addresses: readonly AddressRule[];
  /** The setting as given, for messages. */
  text: string;
}

export const ALLOW_ANY: OutboundAllowList = { any: true, names: [], addresses: [], text: '' };

const HOST_NAME = /^(\*\.)?([a-z0-9_]([a-z0-9_-]*[a-z0-9_])?)(\.[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?)*$/;

function portOf(text: string, entry: string): number {
  const port = Number(text);
  if (!/^\d{1,5}$/.test(text) || port < 1 || port > 65535) throw new Error(`${OUTBOUND_ALLOW_VARIABLE}: "${entry}" has no valid port (1 to 65535)`);
  return port;
}

/** Splits `host`, `host:port`, `[v6]`, `[v6]:port`, `cidr`, `cidr:port` (IPv6 with a port must be bracketed). */
function splitPort(entry: string): { host: string; port: number | undefined } {
  const bracketed = /^\[([^\]]+)\](?::(.*))?$/.exec(entry);
  if (bracketed) return { host: bracketed[1] ?? '', port: bracketed[2] === undefined ? undefined : portOf(bracketed[2], entry) };
  const colons = entry.split(':').length - 1;
  if (colons !== 1) return { host: entry, port: undefined };
  const [host = '', port = ''] = entry.split(':');
  return { host, port: portOf(port, entry) };
}

function addressRule(host: string, port: number | undefined, entry: string): AddressRule | null {
  const [address = '', prefixText] = host.split('/');
  const family = isIP(address);
  if (family === 0) return null;
  const list = new BlockList();
  const type = family === 6 ? 'ipv6' : 'ipv4';
  if (prefixText === undefined) {
    list.addAddress(address, type);
  } else {
    const prefix = Number(prefixText);
    if (!/^\d{1,3}$/.test(prefixText) || prefix > (family === 6 ? 128 : 32)) throw new Error(`${OUTBOUND_ALLOW_VARIABLE}: "${entry}" has an invalid prefix length`);
    list.addSubnet(address, prefix, type);
  }
  return { list, port };
}

/**
 * Reads OUTBOUND_ALLOW: entries separated by commas or white space. An entry is `*` (any host), a host name
 * (`jira.example.com`), a wildcard domain (`*.example.com`: its subdomains), an address (`10.0.0.5`, `::1`) or a CIDR
 * range (`10.0.0.0/8`, `fd12::/16`), each optionally with `:port` (`smtp.example.com:587`, `[fd12::/16]:993`).
 * Unset or empty allows any host. A malformed entry stops the server at start with a message naming it.
 */
export function parseOutboundAllow(text: string | undefined): OutboundAllowList {
  const trimmed = text?.trim() ?? '';
  const entries = trimmed.split(/[\s,]+/).filter((entry) => entry !== '');
  if (entries.length === 0 || entries.includes('*')) return { ...ALLOW_ANY, text: trimmed };
  const names: NameRule[] = [];
  const addresses: AddressRule[] = [];
  for (const entry of entries) {
    if (entry.includes('://')) throw new Error(`${OUTBOUND_ALLOW_VARIABLE}: "${entry}" is not a host name, an address or a CIDR range (leave out the scheme)`);
    const { host, port } = splitPort(entry);
    const address = addressRule(host, port, entry);
    if (address) {
      addresses.push(address);
      continue;
    }
    const name = host.toLowerCase().replace(/\.$/, '');
    if (!HOST_NAME.test(name)) throw new Error(`${OUTBOUND_ALLOW_VARIABLE}: "${entry}" is not a host name, an address or a CIDR range`);
    const wildcard = name.startsWith('*.');
    names.push({ name: wildcard ? name.slice(1) : name, wildcard, port });
  }
  return { any: false, names, addresses, text: trimmed };
}

/** A host a user typed, checked: the addresses it may be reached at (every one it resolved to passed). */
export interface CheckedTarget {
  /** As typed, without brackets or a trailing dot: the TLS server name when it is not an address. */
  host: string;
  port: number;
  addresses: readonly { address: string; family: 4 | 6 }[];
}

/** The OpenAPI description of the 400 of an endpoint that connects to a host a user typed. */
export const OUTBOUND_REFUSED_DOC = `Invalid fields, or a host the server may not connect to (${OUTBOUND_ALLOW_VARIABLE}); the message names it.`;

/** A refused destination: a 400 whose message names the host and the setting (never a 500, never a connection). */
export class OutboundRefused extends ApiError {
  override name = 'OutboundRefused';
  constructor(message: string) {
    super(400, message);
  }
}

export type ResolveAll = (host: string) => Promise<{ address: string; family: number }[]>;

const systemResolver: ResolveAll = (host) => dnsLookup(host, { all: true, verbatim: true });

export interface OutboundPolicy {
  readonly allow: OutboundAllowList;
  /**
   * Resolves `host` and checks it and every address it resolves to; the caller then connects to those addresses (not
   * to the name again), so an answer that changes between the check and the connection (DNS rebinding) is never used.
   * Throws OutboundRefused; a name that does not resolve throws the resolver's own error (ENOTFOUND).
   */
  check(host: string, port: number): Promise<CheckedTarget>;
}

function normalHost(host: string): string {
  return host.trim().replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '').toLowerCase();
}

function nameAllowed(allow: OutboundAllowList, host: string, port: number): boolean {
  return allow.names.some(
    (rule) => (rule.port === undefined || rule.port === port) && (rule.wildcard ? host.endsWith(rule.name) && host.length > rule.name.length : host === rule.name),
  );
}

function addressAllowed(allow: OutboundAllowList, address: string, port: number): boolean {
  return allow.addresses.some((rule) => (rule.port === undefined || rule.port === port) && rule.list.check(address, familyOf(address)));
}

const described = (host: string, port: number) => `${host.includes(':') ? `[${host}]` : host}:${port}`;

export function createOutboundPolicy(allow: OutboundAllowList = ALLOW_ANY, resolveAll: ResolveAll = systemResolver): OutboundPolicy {
  return {
    allow,
    async check(typedHost, port) {
      const host = normalHost(typedHost);
      const resolved = isIP(host) !== 0 ? [{ address: host, family: isIP(host) }] : await resolveAll(host);
      const refused = resolved.find((entry) => isAlwaysRefused(entry.address));
      if (refused) {
        const via = refused.address === host ? '' : ` (${host} resolves to ${refused.address})`;
        throw new OutboundRefused(
          `The server does not connect to ${described(host, port)}${via}: link-local and cloud metadata addresses are always refused, whatever ${OUTBOUND_ALLOW_VARIABLE} says.`,
        );
      }
      const allowed = allow.any || nameAllowed(allow, host, port) || (resolved.length > 0 && resolved.every((entry) => addressAllowed(allow, entry.address, port)));
      if (!allowed) {
        throw new OutboundRefused(
          `The server may not connect to ${described(host, port)}: it is not in ${OUTBOUND_ALLOW_VARIABLE}. An administrator can add it to that setting.`,
        );
      }
      return { host, port, addresses: resolved.map(({ address }) => ({ address, family: isIP(address) === 6 ? 6 : 4 })) };
    },
  };
}

/** The address a library that takes one host should connect to: IPv4 first, as loopback test servers and most mail servers listen. */
export function preferredAddress(target: CheckedTarget): string {
  return (target.addresses.find((entry) => entry.family === 4) ?? target.addresses[0])?.address ?? target.host;
}

/** The TLS server name of a checked target: its host name, none for an address. */
export function serverNameOf(target: CheckedTarget): string | undefined {
  return isIP(target.host) === 0 ? target.host : undefined;
}

/**
 * A `lookup` for net.connect, tls.connect and http.request that answers the checked addresses only: the socket connects
 * where the check looked, whatever the name resolves to by then.
 */
export function pinnedLookup(target: CheckedTarget) {
  return (
    _hostname: string,
    options: { all?: boolean },
    callback: (error: NodeJS.ErrnoException | null, address: string | { address: string; family: number }[], family?: number) => void,
  ): void => {
    const first = target.addresses[0];
    if (options.all) callback(null, [...target.addresses]);
    else callback(null, first?.address ?? '', first?.family ?? 4);
  };
}

const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443, 'ws:': 80, 'wss:': 443 };

/** The host and port an http(s) or ws(s) URL connects to. */
export function endpointOf(url: URL): { host: string; port: number } {
  return { host: url.hostname, port: Number(url.port || DEFAULT_PORTS[url.protocol] || 0) };
}

/**
 * Refuses, when it is saved, a host the policy would refuse when it is called (a Jira base URL, a remote browser's
 * endpoint). A name that does not resolve now is kept: the call says so then, and the name may resolve by then.
 */
export async function refuseWhenSaved(policy: OutboundPolicy, host: string, port: number): Promise<void> {
  try {
    await policy.check(host, port);
  } catch (error) {
    if (error instanceof OutboundRefused) throw error;
  }
}
