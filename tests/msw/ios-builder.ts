import { http, HttpResponse } from 'msw';
import { deriveIosBundleId, IOS_BUILDER_FIELDS, IOS_BUILDER_MESSAGES, type IosBuild } from '../../src/shared/contracts/ios-builder';
import { endpoints } from '../../src/shared/endpoints';
import { anyOrigin, authorizeFeatures, errorResponse } from './handlers';

export function makeIosBuild(overrides: Partial<IosBuild> = {}): IosBuild {
  const at = new Date('2026-01-05T10:00:00Z').toISOString();
  return {
    id: 'build-1',
    Status: 'CREATING',
    URL: null,
    currentProgress: 10,
    Description: IOS_BUILDER_MESSAGES.pleaseWait,
    bundleId: 'acme',
    derivedBundleId: deriveIosBundleId('acme'),
    fileName: null,
    teamId: null,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

export interface IosStartCall {
  provisionProfile: string;
  signingCertificate: string;
  password: string;
  bundleId: string;
}

/**
 * The fake iOS builder (spec part 3 §7): GET list answers the latest build, POST start records the form and answers
 * from `startAnswers` (a status each, 202 starting a CREATING build) until it runs out, then 202.
 */
export function iosBuilderBackend({ build = null, startAnswers = [] as number[], listFailures = 0 }: { build?: IosBuild | null; startAnswers?: number[]; listFailures?: number } = {}) {
  const state = { build, starts: [] as IosStartCall[], listCalls: 0, listFailures, startAnswers: [...startAnswers], downloads: 0 };
  const text = (form: FormData, field: string) => {
    const value = form.get(field);
    return value instanceof File ? value.name : (value ?? '');
  };
  const handlers = [
    http.get(anyOrigin(endpoints.iosBuilder.list), ({ request }) => {
      const caller = authorizeFeatures(request, ['STUDIO', 'RTA_MANAGEMENT']);
      if (caller instanceof Response) return caller;
      state.listCalls += 1;
      if (state.listFailures > 0) {
        state.listFailures -= 1;
        return errorResponse(500, 'Something went wrong, please try again.');
      }
      return HttpResponse.json({ success: true, data: state.build });
    }),
    http.post(anyOrigin(endpoints.iosBuilder.start), async ({ request }) => {
      const caller = authorizeFeatures(request, ['STUDIO', 'RTA_MANAGEMENT']);
      if (caller instanceof Response) return caller;
      const form = await request.formData();
      state.starts.push({
        provisionProfile: text(form, IOS_BUILDER_FIELDS.provisionProfile),
        signingCertificate: text(form, IOS_BUILDER_FIELDS.signingCertificate),
        password: text(form, IOS_BUILDER_FIELDS.password),
        bundleId: text(form, IOS_BUILDER_FIELDS.bundleId),
      });
      const status = state.startAnswers.shift() ?? 202;
      if (status === 409) {
        // As the server: a 409 means the organization has a build in CREATING (started elsewhere, say another tab).
        if (state.build?.Status !== 'CREATING') state.build = makeIosBuild({ id: 'started-elsewhere' });
        return errorResponse(409, IOS_BUILDER_MESSAGES.underway);
      }
      if (status !== 202) return errorResponse(status, `answered ${status}`);
      state.build = makeIosBuild({ id: `build-${state.starts.length}`, bundleId: text(form, 'bundleId'), derivedBundleId: deriveIosBundleId(text(form, 'bundleId')) });
      return HttpResponse.json({ success: true, data: state.build }, { status: 202 });
    }),
    http.get(anyOrigin(`${endpoints.iosBuilder.download('')}:id`), ({ request }) => {
      const caller = authorizeFeatures(request, ['STUDIO', 'RTA_MANAGEMENT']);
      if (caller instanceof Response) return caller;
      state.downloads += 1;
      return new HttpResponse(new Uint8Array([0x50, 0x4b, 0x05, 0x06]), { headers: { 'content-type': 'application/zip' } });
    }),
  ];
  return { state, handlers };
}
