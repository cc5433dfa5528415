import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import type { ProvisioningProfile, SigningIdentity } from './signingMaterial';

/**
 * The iOS gateway client bundle archive: what a Mac needs to sign the gateway client, since Apple's tools (Xcode,
 * codesign) run nowhere else. It holds the validated profile, the signing identity as uploaded (.p12, still under its
 * password, which is never stored) and its certificate, a generated configuration, a signing script and a README.
 */
export const BUNDLE_ENTRIES = {
  profile: 'embedded.mobileprovision',
  identity: 'signing-identity.p12',
  certificate: 'signing-certificate.cer',
  config: 'gateway-config.json',
  script: 'sign.sh',
  readme: 'README.txt',
} as const;

export const IOS_SCHEME = 'StudioXCTInjector';

export function iosBuildsRoot(filesDir: string): string {
  return join(filesDir, 'ios-builds');
}

export function buildDir(filesDir: string, orgId: string, buildId: string): string {
  return join(iosBuildsRoot(filesDir), orgId, buildId);
}

export const bundleFileName = (derivedBundleId: string) => `${derivedBundleId}.zip`;

export interface BundleInput {
  derivedBundleId: string;
  profile: ProvisioningProfile;
  identity: SigningIdentity;
  profileBytes: Uint8Array;
  p12Bytes: Uint8Array;
  /** The platform the gateway client reports to (the origin the user built from). */
  platformUrl: string;
  builtAt: Date;
}

export function gatewayConfig(input: BundleInput) {
  return {
    bundleId: input.derivedBundleId,
    scheme: IOS_SCHEME,
    teamId: input.profile.teamId,
    appIdPattern: input.profile.appIdPattern,
    provisioningProfile: {
      name: input.profile.name,
      uuid: input.profile.uuid,
      expiresAt: input.profile.expiresAt.toISOString(),
    },
    signingCertificate: {
      subject: input.identity.subject,
      sha1: input.identity.sha1,
      notAfter: input.identity.notAfter.toISOString(),
    },
    platformUrl: input.platformUrl,
    builtAt: input.builtAt.toISOString(),
  };
}

/**
 * Every value put in the script is checked by the caller to be shell-safe: the bundle id by its pattern, the team
 * and profile UUID by readProvisioningProfile, the identity as hex. Quoted all the same.
 */
function signScript(input: BundleInput): string {
  const profileFile = `${input.profile.uuid || input.derivedBundleId}.mobileprovision`;
  return `#!/bin/bash
# Signs the Studio iOS gateway client (${input.derivedBundleId}) with the material in this folder.
# NEEDS macOS WITH XCODE (xcodebuild, codesign, security): Apple's signing tools exist only there.
#
# Usage: ./sign.sh /path/to/${IOS_SCHEME}.xcodeproj
#   The certificate password is read from P12_PASSWORD, or asked for.
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
PROJECT="\${1:?Give the path of the gateway client's Xcode project}"
BUNDLE_ID='${input.derivedBundleId}'
TEAM_ID='${input.profile.teamId}'
IDENTITY_SHA1='${input.identity.sha1.toUpperCase()}'
PROFILE_UUID='${input.profile.uuid}'

if [ -z "\${P12_PASSWORD:-}" ]; then
  read -r -s -p "Password of signing-identity.p12: " P12_PASSWORD
  echo
fi

# A keychain of its own, so the identity does not land in the login keychain.
KEYCHAIN="$HERE/studio-signing.keychain-db"
KEYCHAIN_PASSWORD="$(uuidgen)"
security create-keychain -p "$KEYCHAIN_PASSWORD" "$KEYCHAIN"
trap 'security delete-keychain "$KEYCHAIN" || true' EXIT
security unlock-keychain -p "$KEYCHAIN_PASSWORD" "$KEYCHAIN"
security import "$HERE/${BUNDLE_ENTRIES.identity}" -k "$KEYCHAIN" -P "$P12_PASSWORD" -T /usr/bin/codesign
security set-key-partition-list -S apple-tool:,apple: -s -k "$KEYCHAIN_PASSWORD" "$KEYCHAIN" >/dev/null
security list-keychains -d user -s "$KEYCHAIN" $(security list-keychains -d user | tr -d '"')

# Xcode finds profiles by UUID in this folder.
PROFILES="$HOME/Library/MobileDevice/Provisioning Profiles"
mkdir -p "$PROFILES"
cp "$HERE/${BUNDLE_ENTRIES.profile}" "$PROFILES/${profileFile}"

xcodebuild build-for-testing \\
  -project "$PROJECT" \\
  -scheme '${IOS_SCHEME}' \\
  -destination 'generic/platform=iOS' \\
  -derivedDataPath "$HERE/build" \\
  CODE_SIGN_STYLE=Manual \\
  PRODUCT_BUNDLE_IDENTIFIER="$BUNDLE_ID" \\
  DEVELOPMENT_TEAM="$TEAM_ID" \\
  CODE_SIGN_IDENTITY="$IDENTITY_SHA1" \\
  PROVISIONING_PROFILE_SPECIFIER="$PROFILE_UUID" \\
  OTHER_CODE_SIGN_FLAGS="--keychain $KEYCHAIN"

for app in "$HERE"/build/Build/Products/*-iphoneos/*.app; do
  codesign --verify --deep --strict --verbose=2 "$app"
done
( cd "$HERE/build/Build/Products" && zip -qr "$HERE/${input.derivedBundleId}-signed.zip" . )
echo "Signed: $HERE/${input.derivedBundleId}-signed.zip"
`;
}

function readme(input: BundleInput): string {
  return `Studio iOS gateway client bundle: ${input.derivedBundleId}

The platform checked this material: the provisioning profile (team ${input.profile.teamId}, app id ${input.profile.appIdPattern},
valid until ${input.profile.expiresAt.toISOString().slice(0, 10)}) and the signing certificate (${input.identity.subject},
valid until ${input.identity.notAfter.toISOString().slice(0, 10)}), which the profile lists.

${BUNDLE_ENTRIES.profile}   the provisioning profile
${BUNDLE_ENTRIES.identity}      the signing identity as uploaded (certificate and private key; its password is not in here)
${BUNDLE_ENTRIES.certificate}   the signing certificate alone (DER)
${BUNDLE_ENTRIES.config}      the derived bundle id, team, profile and certificate the client is built with
${BUNDLE_ENTRIES.script}                  the signing script

The last step runs on a Mac with Xcode: Apple's signing tools exist nowhere else.
  ./sign.sh /path/to/${IOS_SCHEME}.xcodeproj
`;
}

/** The archive's bytes: every entry in a folder named after the derived bundle id. */
export function bundleArchive(input: BundleInput): Uint8Array {
  const folder = input.derivedBundleId;
  const at = { mtime: input.builtAt };
  return zipSync({
    [folder]: {
      [BUNDLE_ENTRIES.profile]: [input.profileBytes, at],
      [BUNDLE_ENTRIES.identity]: [input.p12Bytes, at],
      [BUNDLE_ENTRIES.certificate]: [input.identity.certificateDer, at],
      [BUNDLE_ENTRIES.config]: [strToU8(`${JSON.stringify(gatewayConfig(input), null, 2)}\n`), at],
      // 0o755 in the zip's external attributes, so unzip on a Mac keeps the script executable.
      [BUNDLE_ENTRIES.script]: [strToU8(signScript(input)), { ...at, os: 3, attrs: 0o100755 << 16 }],
      [BUNDLE_ENTRIES.readme]: [strToU8(readme(input)), at],
    },
  });
}

export async function writeBundle(dir: string, fileName: string, bytes: Uint8Array): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, fileName), bytes);
}
