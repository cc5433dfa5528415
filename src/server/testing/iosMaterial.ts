import { randomUUID } from 'node:crypto';
import forge from 'node-forge';
import { forgeOid } from '../ios-builder/signingMaterial';
import { DAY_MS } from '../../shared/durations';

/**
 * iOS signing material made with node-forge for tests: a self-signed certificate and key in a password-protected .p12,
 * and a provisioning profile (an XML plist in CMS SignedData) listing certificates, shaped as Apple's are.
 */
export interface TestIdentity {
  certificate: forge.pki.Certificate;
  key: forge.pki.rsa.PrivateKey;
  /** The certificate's DER bytes. */
  der: Uint8Array;
}

const toBytes = (binary: string) => new Uint8Array(Buffer.from(binary, 'binary'));

export function makeIdentity({ commonName = 'iPhone Developer: Test User (TESTTEAM01)', notBefore = new Date(Date.now() - DAY_MS), notAfter = new Date(Date.now() + 365 * DAY_MS) } = {}): TestIdentity {
  const keys = forge.pki.rsa.generateKeyPair({ bits: 2048, e: 0x10001 });
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = keys.publicKey;
  certificate.serialNumber = `01${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  certificate.validity.notBefore = notBefore;
  certificate.validity.notAfter = notAfter;
  const attributes = [{ name: 'commonName', value: commonName }, { name: 'organizationName', value: 'Studio Test Team' }];
  certificate.setSubject(attributes);
  certificate.setIssuer(attributes);
  certificate.sign(keys.privateKey, forge.md.sha256.create());
  return { certificate, key: keys.privateKey, der: toBytes(forge.asn1.toDer(forge.pki.certificateToAsn1(certificate)).getBytes()) };
}

/** The identity as a .p12 file protected by `password` (3DES, as Keychain Access exports). */
export function p12Bytes(identity: TestIdentity, password: string): Uint8Array {
  const asn1 = forge.pkcs12.toPkcs12Asn1(identity.key, [identity.certificate], password, { algorithm: '3des', friendlyName: 'Studio test identity' });
  return toBytes(forge.asn1.toDer(asn1).getBytes());
}

type PlistInput = string | number | boolean | Date | Uint8Array | PlistInput[] | { [key: string]: PlistInput };

const escapeXml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

function plistElement(value: PlistInput, indent: string): string {
  if (typeof value === 'string') return `${indent}<string>${escapeXml(value)}</string>`;
  if (typeof value === 'number') return `${indent}<integer>${value}</integer>`;
  if (typeof value === 'boolean') return `${indent}<${value}/>`;
  if (value instanceof Date) return `${indent}<date>${value.toISOString().replace(/\.\d{3}Z$/, 'Z')}</date>`;
  if (value instanceof Uint8Array) return `${indent}<data>${Buffer.from(value).toString('base64')}</data>`;
  if (Array.isArray(value)) return `${indent}<array>\n${value.map((item) => plistElement(item, `${indent}\t`)).join('\n')}\n${indent}</array>`;
  const entries = Object.entries(value).map(([key, item]) => `${indent}\t<key>${escapeXml(key)}</key>\n${plistElement(item, `${indent}\t`)}`);
  return `${indent}<dict>\n${entries.join('\n')}\n${indent}</dict>`;
}

export function plistXml(value: PlistInput): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n<plist version="1.0">\n${plistElement(value, '')}\n</plist>\n`;
}

export interface ProfileOptions {
  teamId?: string;
  /** The bundle id pattern of the application-identifier entitlement (the team prefix is added). */
  appIdPattern?: string;
  expiresAt?: Date;
  /** DeveloperCertificates: the DER bytes of each. */
  developerCertificates: Uint8Array[];
  /** Who signs the CMS; Apple does in real life, any identity does here. */
  signer: TestIdentity;
}

export const TEST_TEAM_ID = 'TESTTEAM01';

export function profilePlist({ teamId = TEST_TEAM_ID, appIdPattern = '*', expiresAt = new Date(Date.now() + 180 * DAY_MS), developerCertificates }: Omit<ProfileOptions, 'signer'>): string {
  return plistXml({
    AppIDName: 'Studio XCTInjector',
    ApplicationIdentifierPrefix: [teamId],
    CreationDate: new Date(Date.now() - DAY_MS),
    Platform: ['iOS'],
    DeveloperCertificates: developerCertificates,
    Entitlements: {
      'application-identifier': `${teamId}.${appIdPattern}`,
      'com.apple.developer.team-identifier': teamId,
      'get-task-allow': true,
      'keychain-access-groups': [`${teamId}.*`],
    },
    ExpirationDate: expiresAt,
    Name: 'Studio Test Profile <&>',
    ProvisionedDevices: ['00008030-001A2B3C4D5E6F70'],
    TeamIdentifier: [teamId],
    TeamName: 'Studio Test Team',
    TimeToLive: 180,
    UUID: randomUUID(),
    Version: 1,
  });
}

/** A .mobileprovision: the profile plist as the content of a CMS SignedData, DER encoded. */
export function profileBytes(options: ProfileOptions): Uint8Array {
  const signed = forge.pkcs7.createSignedData();
  signed.content = forge.util.createBuffer(forge.util.encodeUtf8(profilePlist(options)));
  signed.addCertificate(options.signer.certificate);
  signed.addSigner({
    key: options.signer.key,
    certificate: options.signer.certificate,
    digestAlgorithm: forgeOid('sha256'),
    authenticatedAttributes: [
      { type: forgeOid('contentType'), value: forgeOid('data') },
      { type: forgeOid('messageDigest') },
      { type: forgeOid('signingTime'), value: new Date().toISOString() },
    ],
  });
  signed.sign();
  return toBytes(forge.asn1.toDer(signed.toAsn1()).getBytes());
}

export interface IosTestMaterial {
  password: string;
  identity: TestIdentity;
  /** The identity's .p12 under `password`. */
  p12: Uint8Array;
  /** A valid profile listing the identity's certificate, for any bundle id. */
  profile: Uint8Array;
  /** A valid profile listing only another certificate. */
  otherProfile: Uint8Array;
}

/** Everything a build needs, plus a profile that does not match the certificate. Key generation takes a moment. */
export function iosTestMaterial(password = 'p12-secret'): IosTestMaterial {
  const identity = makeIdentity();
  const other = makeIdentity({ commonName: 'iPhone Developer: Someone Else (OTHERTEAM1)' });
  return {
    password,
    identity,
    p12: p12Bytes(identity, password),
    profile: profileBytes({ developerCertificates: [other.der, identity.der], signer: other }),
    otherProfile: profileBytes({ developerCertificates: [other.der], signer: other }),
  };
}
