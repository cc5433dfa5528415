import { createRoute, z } from '@hono/zod-openapi';
import {
  deriveIosBundleId,
  hasExtension,
  IOS_BUILDER_FIELDS,
  IOS_BUILDER_LIMITS,
  IOS_BUILDER_MESSAGES,
  IOS_CERTIFICATE_EXTENSION,
  IOS_PROFILE_EXTENSION,
  iosBuildStartResponseSchema,
  iosBuildTextFieldsSchema,
} from '../../../shared/contracts/ios-builder';
import { endpoints } from '../../../shared/endpoints';
import { ApiError } from '../../http/apiError';
import { currentUser } from '../../http/appEnv';
import { limitUpload } from '../../http/uploadLimit';
import { fieldErrorsOf } from '../../http/validation';
import type { Api } from '../../services';
import { IOS_BUILDER_ACCESS, IOS_BUILDER_TAG } from '../access';
import { buildOf, failStaleBuilds, insertCreatingBuild } from '../repository';
import { runBuild } from '../service';

const part = z.union([z.string(), z.instanceof(File)]).optional();
/** Every part optional here: the handler answers a missing one with the spec's 'All Fields are Required' per field. */
const startFormSchema = z.object({
  [IOS_BUILDER_FIELDS.provisionProfile]: part.openapi({ type: 'string', format: 'binary', description: 'The .mobileprovision file.' }),
  [IOS_BUILDER_FIELDS.signingCertificate]: part.openapi({ type: 'string', format: 'binary', description: 'The .p12 file.' }),
  [IOS_BUILDER_FIELDS.password]: part.openapi({ type: 'string', description: 'The .p12 password.' }),
  [IOS_BUILDER_FIELDS.bundleId]: part.openapi({ type: 'string', description: "The {bundleId} of 'com.{bundleId}.StudioXCTInjector'." }),
});
type StartForm = z.infer<typeof startFormSchema>;

interface StartInput {
  profile: File;
  certificate: File;
  password: string;
  bundleId: string;
}

function fileOf(form: StartForm, field: 'provisionProfile' | 'signingCertificate', extension: string, typeMessage: string, errors: Record<string, string[]>): File | undefined {
  const file = form[field];
  if (!(file instanceof File) || file.size === 0) {
    errors[field] = [IOS_BUILDER_MESSAGES.allRequired];
    return undefined;
  }
  if (!hasExtension(file.name, extension)) errors[field] = [typeMessage];
  else if (file.size > IOS_BUILDER_LIMITS.fileBytes) errors[field] = [IOS_BUILDER_MESSAGES.fileTooLarge(IOS_BUILDER_LIMITS.fileBytes)];
  return file;
}

/** Checks the form (§5): every field present, the files of their types; a 400 names each field at fault. */
function startInputOf(form: StartForm): StartInput {
  const errors: Record<string, string[]> = {};
  const profile = fileOf(form, 'provisionProfile', IOS_PROFILE_EXTENSION, IOS_BUILDER_MESSAGES.profileType, errors);
  const certificate = fileOf(form, 'signingCertificate', IOS_CERTIFICATE_EXTENSION, IOS_BUILDER_MESSAGES.certificateType, errors);
  const text = iosBuildTextFieldsSchema.safeParse({
    password: typeof form.password === 'string' ? form.password : undefined,
    bundleId: typeof form.bundleId === 'string' ? form.bundleId : undefined,
  });
  if (!text.success) Object.assign(errors, fieldErrorsOf(text.error));
  if (!profile || !certificate || !text.success || Object.keys(errors).length > 0) {
    const messages = new Set(Object.values(errors).flat());
    throw new ApiError(400, messages.has(IOS_BUILDER_MESSAGES.allRequired) ? IOS_BUILDER_MESSAGES.allRequired : [...messages].join('; '), {}, errors);
  }
  return { profile, certificate, ...text.data };
}

export function registerStartIosBuild({ app, endpoint, services }: Api): void {
  const route = endpoint(
    IOS_BUILDER_ACCESS,
    createRoute({
      method: 'post',
      path: endpoints.iosBuilder.start,
      tags: [IOS_BUILDER_TAG],
      summary: 'Start an iOS gateway client build from signing material',
      description:
        'Multipart: provisionProfile (.mobileprovision), signingCertificate (.p12), password and bundleId. The build runs in ' +
        'the background: the profile (CMS signed plist) is checked for expiry, team, app id and developer certificates, the ' +
        '.p12 is opened with the password and its certificate must be one the profile lists. Poll the list for its state.',
      request: { body: { required: false, content: { 'multipart/form-data': { schema: startFormSchema } } } },
      responses: {
        202: { description: 'The build, CREATING.', content: { 'application/json': { schema: iosBuildStartResponseSchema } } },
        409: { description: IOS_BUILDER_MESSAGES.underway },
        413: { description: 'A file is too large.' },
      },
    }),
  );
  // Two files travel in one body.
  limitUpload(app, endpoints.iosBuilder.start, 2 * IOS_BUILDER_LIMITS.fileBytes, IOS_BUILDER_MESSAGES.fileTooLarge(IOS_BUILDER_LIMITS.fileBytes));

  app.openapi(route, async (c) => {
    const input = startInputOf(c.req.valid('form'));
    const user = currentUser(c);
    const orgId = user.row.org_id;
    const derivedBundleId = deriveIosBundleId(input.bundleId);
    const [profileBytes, p12Bytes] = await Promise.all([input.profile.arrayBuffer(), input.certificate.arrayBuffer()]);
    await failStaleBuilds(services.db, orgId);
    const row = await insertCreatingBuild(services.db, { orgId, userId: user.row.id, bundleId: input.bundleId, derivedBundleId });
    if (!row) throw new ApiError(409, IOS_BUILDER_MESSAGES.underway);
    // The answer does not wait for the build: the page polls the list (§4).
    void runBuild({
      db: services.db,
      filesDir: services.filesDir,
      orgId,
      buildId: row.id,
      derivedBundleId,
      profileBytes: new Uint8Array(profileBytes),
      p12Bytes: new Uint8Array(p12Bytes),
      password: input.password,
      platformUrl: new URL(c.req.url).origin,
    });
    return c.json({ success: true as const, data: buildOf(row) }, 202);
  });
}
