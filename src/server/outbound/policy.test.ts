import { describe, expect, it } from 'vitest';
import { createOutboundPolicy, isAlwaysRefused, OutboundRefused, parseOutboundAllow, type ResolveAll } from './policy';

/** A resolver with fixed answers: names are never looked up on the network in these tests. */
function resolverOf(answers: Record<string, string[]>): ResolveAll {
  return async (host) => {
    const addresses = answers[host];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
}

const refusalOf = async (promise: Promise<unknown>): Promise<string> => {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof OutboundRefused)) throw new Error(`expected a refusal, got ${String(error)}`);
  expect(error.status).toBe(400);
  return error.message;
};

describe('always refused addresses', () => {
  it.each([
    '169.254.169.254',
    '169.254.0.1',
    'fd00:ec2::254',
    'fe80::1',
    '::ffff:169.254.169.254',
    '::ffff:a9fe:a9fe',
    '64:ff9b::a9fe:a9fe',
    '::a9fe:a9fe',
    '2002:a9fe:a9fe::1',
    '100.100.100.200',
  ])('%s is refused', (address) => {
    expect(isAlwaysRefused(address)).toBe(true);
  });

  it.each(['127.0.0.1', '10.0.0.1', '::1', '::ffff:127.0.0.1', 'fd00:ec2::253', '169.253.255.255', '169.255.0.0', '8.8.8.8'])('%s is not', (address) => {
    expect(isAlwaysRefused(address)).toBe(false);
  });
});

describe('OUTBOUND_ALLOW parsing', () => {
  it('allows any host when unset, empty or *', () => {
    expect(parseOutboundAllow(undefined).any).toBe(true);
    expect(parseOutboundAllow('  ').any).toBe(true);
    expect(parseOutboundAllow('jira.example.com, *').any).toBe(true);
    expect(parseOutboundAllow('jira.example.com').any).toBe(false);
  });

  it.each([
    ['jira.example.com:0', 'no valid port'],
    ['jira.example.com:70000', 'no valid port'],
    ['10.0.0.0/33', 'invalid prefix length'],
    ['fd00::/129', 'invalid prefix length'],
    ['http://jira.example.com', 'not a host name'],
    ['jira..example.com', 'not a host name'],
    ['[::1]:x', 'no valid port'],
  ])('stops at "%s" with a message naming it', (entry, reason) => {
    expect(() => parseOutboundAllow(`smtp.example.com, ${entry}`)).toThrow(`OUTBOUND_ALLOW: "${entry}"`);
    expect(() => parseOutboundAllow(entry)).toThrow(reason);
  });
});

describe('the outbound policy', () => {
  const resolver = resolverOf({
    'jira.example.com': ['203.0.113.10'],
    'mail.internal': ['10.1.2.3'],
    'dual.internal': ['10.1.2.4', 'fd12::4'],
    'metadata.example': ['169.254.169.254'],
    'mixed.example': ['203.0.113.11', '169.254.169.254'],
    'mapped.example': ['::ffff:169.254.169.254'],
    'v6-metadata.example': ['fd00:ec2::254'],
    'team.example.com': ['203.0.113.12'],
    'example.com': ['203.0.113.13'],
  });

  it('refuses link-local and metadata addresses even when the list allows every host', async () => {
    const policy = createOutboundPolicy(parseOutboundAllow('*'), resolver);
    for (const host of ['169.254.169.254', '[fd00:ec2::254]', '::ffff:169.254.169.254', '[::ffff:a9fe:a9fe]']) {
      expect(await refusalOf(policy.check(host, 80))).toMatch(/link-local and cloud metadata addresses are always refused, whatever OUTBOUND_ALLOW says/);
    }
    expect(await refusalOf(policy.check('metadata.example', 80))).toBe(
      'The server does not connect to metadata.example:80 (metadata.example resolves to 169.254.169.254): link-local and cloud metadata addresses are always refused, whatever OUTBOUND_ALLOW says.',
    );
    // One bad address among good ones refuses the name: the connection could go to any of them.
    expect(await refusalOf(policy.check('mixed.example', 443))).toContain('mixed.example resolves to 169.254.169.254');
    expect(await refusalOf(policy.check('mapped.example', 443))).toContain('resolves to ::ffff:169.254.169.254');
    expect(await refusalOf(policy.check('v6-metadata.example', 443))).toContain('resolves to fd00:ec2::254');
  });

  it('refuses link-local addresses even when the list names them', async () => {
    const policy = createOutboundPolicy(parseOutboundAllow('169.254.0.0/16, metadata.example'), resolver);
    expect(await refusalOf(policy.check('169.254.169.254', 80))).toContain('always refused');
    expect(await refusalOf(policy.check('metadata.example', 80))).toContain('always refused');
  });

  it('allows listed names, wildcard subdomains, addresses and ranges, each on its port when one is given', async () => {
    const policy = createOutboundPolicy(parseOutboundAllow('jira.example.com *.example.com:443 10.0.0.0/8:587, [fd12::/16]:587 127.0.0.1'), resolver);
    await expect(policy.check('JIRA.example.com.', 8443)).resolves.toMatchObject({ host: 'jira.example.com', addresses: [{ address: '203.0.113.10', family: 4 }] });
    await expect(policy.check('team.example.com', 443)).resolves.toMatchObject({ addresses: [{ address: '203.0.113.12' }] });
    expect(await refusalOf(policy.check('team.example.com', 80))).toBe(
      'The server may not connect to team.example.com:80: it is not in OUTBOUND_ALLOW. An administrator can add it to that setting.',
    );
    // The wildcard covers subdomains, not the domain itself.
    expect(await refusalOf(policy.check('example.com', 443))).toContain('example.com:443');
    await expect(policy.check('mail.internal', 587)).resolves.toMatchObject({ addresses: [{ address: '10.1.2.3' }] });
    expect(await refusalOf(policy.check('mail.internal', 25))).toContain('mail.internal:25');
    await expect(policy.check('dual.internal', 587)).resolves.toMatchObject({ addresses: [{ address: '10.1.2.4' }, { address: 'fd12::4', family: 6 }] });
    await expect(policy.check('127.0.0.1', 9)).resolves.toMatchObject({ host: '127.0.0.1' });
    expect(await refusalOf(policy.check('::1', 9))).toBe('The server may not connect to [::1]:9: it is not in OUTBOUND_ALLOW. An administrator can add it to that setting.');
    // An address range covers a name only when every address it resolves to is in it.
    const narrow = createOutboundPolicy(parseOutboundAllow('10.0.0.0/8'), resolver);
    expect(await refusalOf(narrow.check('dual.internal', 587))).toContain('dual.internal:587');
  });

  it('passes on a name that does not resolve as the resolver failed, not as a refusal', async () => {
    const policy = createOutboundPolicy(parseOutboundAllow('*'), resolver);
    await expect(policy.check('nowhere.example', 80)).rejects.toMatchObject({ code: 'ENOTFOUND' });
  });
});
