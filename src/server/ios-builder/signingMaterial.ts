import { createHash } from 'node:crypto';
import forge from 'node-forge';
import { IOS_BUILDER_MESSAGES } from '../../shared/contracts/ios-builder';
import { isPlistDict, parsePlist, type PlistDict, type PlistValue } from './plist';

/**
 * Reading and checking the signing material of an iOS build: the provisioning profile (a CMS signed XML plist) and
 * the PKCS#12 signing identity. node-forge does the ASN.1, CMS and PKCS#12 work. A check that fails gives the FAILED
 * Description the user reads.
 */
export class SigningMaterialError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SigningMaterialError';
  }
}

export interface ProvisioningProfile {
  name: string;
  uuid: string;
  teamId: string;
  /** The application-identifier entitlement without its team prefix, e.g. com.acme.* */
  appIdPattern: string;
  expiresAt: Date;
  /** SHA-256 of each DeveloperCertificates entry's DER bytes, hex. */
  certificateFingerprints: string[];
}

export interface SigningIdentity {
  /** The certificate's DER bytes. */
  certificateDer: Uint8Array;
  subject: string;
  /** SHA-1 of the DER bytes, as codesign and the keychain name an identity. */
  sha1: string;
  sha256: string;
  notBefore: Date;
  notAfter: Date;
}

/** An object identifier by forge's name for it; forge's table is typed as possibly missing any name. */
export function forgeOid(name: string): string {
  const oid = forge.pki.oids[name];
  if (oid === undefined) throw new Error(`node-forge knows no OID named ${name}`);
  return oid;
}

const binary = (bytes: Uint8Array) => Buffer.from(bytes).toString('binary');
const fromBinary = (text: string) => new Uint8Array(Buffer.from(text, 'binary'));
const digest = (algorithm: 'sha1' | 'sha256', bytes: Uint8Array) => createHash(algorithm).update(bytes).digest('hex');
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The bytes of an OCTET STRING, primitive or constructed (BER, as Apple's signer writes). */
function octets(node: forge.asn1.Asn1): string {
  return typeof node.value === 'string' ? node.value : node.value.map(octets).join('');
}

function signedContent(bytes: Uint8Array): string {
  try {
    const message = forge.pkcs7.messageFromAsn1(forge.asn1.fromDer(binary(bytes)));
    // forge leaves `content` of a parsed SignedData empty; the [0] EXPLICIT content it captured holds the plist.
    const captured: unknown = 'rawCapture' in message ? (message.rawCapture as { content?: unknown }).content : undefined;
    if (!isAsn1(captured) || typeof captured.value === 'string') throw new SigningMaterialError(IOS_BUILDER_MESSAGES.profileUnreadable);
    return forge.util.decodeUtf8(captured.value.map(octets).join(''));
  } catch {
    throw new SigningMaterialError(IOS_BUILDER_MESSAGES.profileUnreadable);
  }
}

function isAsn1(value: unknown): value is forge.asn1.Asn1 {
  return typeof value === 'object' && value !== null && 'tagClass' in value && 'value' in value;
}

function profileDict(bytes: Uint8Array): PlistDict {
  let value: PlistValue;
  try {
    value = parsePlist(signedContent(bytes));
  } catch (error) {
    if (error instanceof SigningMaterialError) throw error;
    throw new SigningMaterialError(IOS_BUILDER_MESSAGES.profileUnreadable);
  }
  if (!isPlistDict(value)) throw new SigningMaterialError(IOS_BUILDER_MESSAGES.profileUnreadable);
  return value;
}

const firstString = (value: PlistValue | undefined) => (Array.isArray(value) ? value.find((item) => typeof item === 'string') : value);

/** Reads a .mobileprovision and checks its expiry, team, application identifier and developer certificates. */
export function readProvisioningProfile(bytes: Uint8Array, now: Date): ProvisioningProfile {
  const plist = profileDict(bytes);
  const expiresAt = plist.ExpirationDate;
  if (!(expiresAt instanceof Date)) throw new SigningMaterialError(IOS_BUILDER_MESSAGES.profileUnreadable);
  if (expiresAt.getTime() <= now.getTime()) throw new SigningMaterialError(IOS_BUILDER_MESSAGES.profileExpired(isoDay(expiresAt)));

  const teamId = firstString(plist.TeamIdentifier);
  // Team ids are ten letters and digits; nothing else may reach the generated signing script.
  if (typeof teamId !== 'string' || !/^[A-Za-z0-9]+$/.test(teamId)) throw new SigningMaterialError(IOS_BUILDER_MESSAGES.profileNoTeam);

  const entitlements = plist.Entitlements;
  const applicationId = isPlistDict(entitlements) ? entitlements['application-identifier'] : undefined;
  if (typeof applicationId !== 'string' || !applicationId.includes('.')) throw new SigningMaterialError(IOS_BUILDER_MESSAGES.profileNoAppId);
  // The entitlement is '<App ID prefix>.<bundle id pattern>'; the prefix is the team's or one the profile lists.
  const [prefix = '', ...rest] = applicationId.split('.');
  const prefixes = Array.isArray(plist.ApplicationIdentifierPrefix) ? plist.ApplicationIdentifierPrefix : [];
  if (prefix !== teamId && !prefixes.includes(prefix)) throw new SigningMaterialError(IOS_BUILDER_MESSAGES.profileNoAppId);

  const certificates = Array.isArray(plist.DeveloperCertificates) ? plist.DeveloperCertificates.filter((item) => item instanceof Uint8Array) : [];
  if (certificates.length === 0) throw new SigningMaterialError(IOS_BUILDER_MESSAGES.profileNoCertificates);

  return {
    name: typeof plist.Name === 'string' ? plist.Name : '',
    uuid: typeof plist.UUID === 'string' && /^[A-Za-z0-9-]+$/.test(plist.UUID) ? plist.UUID : '',
    teamId,
    appIdPattern: rest.join('.'),
    expiresAt,
    certificateFingerprints: certificates.map((der) => digest('sha256', der)),
  };
}

/** Whether an App ID pattern covers a bundle id as Apple matches them: exact, '*', or a prefix ending in '.*'. */
export function appIdCovers(pattern: string, bundleId: string): boolean {
  if (pattern === '*') return true;
  if (pattern.endsWith('.*')) return bundleId.startsWith(pattern.slice(0, -1)) && bundleId.length > pattern.length - 1;
  return pattern === bundleId;
}

function certificateOfKey(bags: forge.pkcs12.Bag[], key: forge.pki.PrivateKey | undefined): forge.pki.Certificate | undefined {
  const certificates = bags.flatMap((bag) => (bag.cert ? [bag.cert] : []));
  if (!key || !('n' in key)) return certificates[0];
  const rsaKey = key as forge.pki.rsa.PrivateKey;
  // The identity's certificate is the one whose public key pairs with the private key; the others are its chain.
  return (
    certificates.find((certificate) => {
      const publicKey = certificate.publicKey as Partial<forge.pki.rsa.PublicKey>;
      return publicKey.n?.equals(rsaKey.n) === true;
    }) ?? certificates[0]
  );
}

/** Opens a .p12 with its password and checks that it holds a private key and a certificate valid now. */
export function openSigningIdentity(bytes: Uint8Array, password: string, now: Date): SigningIdentity {
  let asn1: forge.asn1.Asn1;
  try {
    asn1 = forge.asn1.fromDer(binary(bytes));
  } catch {
    throw new SigningMaterialError(IOS_BUILDER_MESSAGES.certificateUnreadable);
  }
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    p12 = forge.pkcs12.pkcs12FromAsn1(asn1, password);
  } catch (error) {
    // forge tells a failed MAC (or a failed decryption) from a file that is not PKCS#12 only by its message.
    const message = error instanceof Error ? error.message : '';
    throw new SigningMaterialError(/password|MAC|decrypt|padding/i.test(message) ? IOS_BUILDER_MESSAGES.wrongPassword : IOS_BUILDER_MESSAGES.certificateUnreadable);
  }
  const bagsOf = (name: string) => {
    const bagType = forgeOid(name);
    return p12.getBags({ bagType })[bagType] ?? [];
  };
  const keyBags = [...bagsOf('pkcs8ShroudedKeyBag'), ...bagsOf('keyBag')];
  const key = keyBags.find((bag) => bag.key)?.key;
  if (!key) throw new SigningMaterialError(IOS_BUILDER_MESSAGES.certificateNoKey);
  const certificate = certificateOfKey(bagsOf('certBag'), key);
  if (!certificate) throw new SigningMaterialError(IOS_BUILDER_MESSAGES.certificateMissing);

  const { notBefore, notAfter } = certificate.validity;
  if (notAfter.getTime() <= now.getTime()) throw new SigningMaterialError(IOS_BUILDER_MESSAGES.certificateExpired(isoDay(notAfter)));
  if (notBefore.getTime() > now.getTime()) throw new SigningMaterialError(IOS_BUILDER_MESSAGES.certificateNotYetValid(isoDay(notBefore)));

  const certificateDer = fromBinary(forge.asn1.toDer(forge.pki.certificateToAsn1(certificate)).getBytes());
  const subject = certificate.subject.attributes.map((attribute) => `${attribute.shortName ?? attribute.name ?? attribute.type}=${String(attribute.value)}`).join(', ');
  return { certificateDer, subject, sha1: digest('sha1', certificateDer), sha256: digest('sha256', certificateDer), notBefore, notAfter };
}

/** The profile must list the identity's certificate among its DeveloperCertificates (same DER bytes). */
export function checkCertificateInProfile(profile: ProvisioningProfile, identity: SigningIdentity): void {
  if (!profile.certificateFingerprints.includes(identity.sha256)) throw new SigningMaterialError(IOS_BUILDER_MESSAGES.certificateMismatch);
}
