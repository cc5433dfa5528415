import { IOS_BUILDER_MESSAGES, IOS_BUILDER_TIMING } from '../../shared/contracts/ios-builder';
import type { Db } from '../db/database';
import { buildDir, bundleArchive, bundleFileName, writeBundle } from './bundle';
import { updateBuild } from './repository';
import { appIdCovers, checkCertificateInProfile, openSigningIdentity, readProvisioningProfile, SigningMaterialError } from './signingMaterial';
import { log } from '../logs/logger';

export interface BuildJob {
  db: Db;
  filesDir: string;
  orgId: string;
  buildId: string;
  derivedBundleId: string;
  profileBytes: Uint8Array;
  p12Bytes: Uint8Array;
  password: string;
  platformUrl: string;
}

/** Server-side progress marks of a build's steps (the page's bar follows its own §4 rules). */
const PROGRESS = { profileRead: 40, identityOpened: 70 } as const;

/**
 * Validates the material and writes the archive, moving the build to FINISHED or FAILED. Every step's failure is a
 * FAILED build with a Description the user can act on; it never throws.
 */
export async function runBuild(job: BuildJob): Promise<void> {
  const { db, buildId } = job;
  try {
    const now = new Date();
    const profile = readProvisioningProfile(job.profileBytes, now);
    if (!appIdCovers(profile.appIdPattern, job.derivedBundleId)) {
      throw new SigningMaterialError(IOS_BUILDER_MESSAGES.appIdMismatch(profile.appIdPattern, job.derivedBundleId));
    }
    await updateBuild(db, buildId, { progress: PROGRESS.profileRead, teamId: profile.teamId });
    const identity = openSigningIdentity(job.p12Bytes, job.password, now);
    checkCertificateInProfile(profile, identity);
    await updateBuild(db, buildId, { progress: PROGRESS.identityOpened });

    const fileName = bundleFileName(job.derivedBundleId);
    const bytes = bundleArchive({ ...job, profile, identity, builtAt: now });
    await writeBundle(buildDir(job.filesDir, job.orgId, buildId), fileName, bytes);
    await updateBuild(db, buildId, {
      status: 'FINISHED',
      progress: IOS_BUILDER_TIMING.progressFinished,
      fileName,
      description: `Bundle ${fileName}: the validated profile, the signing certificate, gateway-config.json and sign.sh, which runs on a Mac with Xcode.`,
    });
  } catch (error) {
    if (!(error instanceof SigningMaterialError)) log().error({ err: error, buildId }, 'iOS build failed');
    const description = error instanceof SigningMaterialError ? error.message : IOS_BUILDER_MESSAGES.buildFailed;
    await updateBuild(db, buildId, { status: 'FAILED', description }).catch((failed: unknown) => {
      log().error({ err: failed, buildId }, 'iOS build could not be marked FAILED');
    });
  }
}
