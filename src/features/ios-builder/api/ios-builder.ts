import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiFetch, apiJson } from '../../../lib/api-client';
import { apiErrorFromResponse } from '../../../lib/api-error';
import { saveBlob } from '../../../lib/save-blob';
import {
  IOS_BUILDER_FIELDS,
  IOS_BUILDER_MESSAGES,
  IOS_BUILDER_TIMING,
  iosBuildListResponseSchema,
  iosBuildStartResponseSchema,
  type IosBuild,
} from '../../../shared/contracts/ios-builder';
import { endpoints } from '../../../shared/endpoints';
import { iosBuilderKeys } from './ios-builder-keys';

/** GET /ios-builder/list: the organization's latest build, polled every 5 s, retried 5 times 1 s apart (§7, §8, §9). */
export const iosBuildListQuery = () =>
  queryOptions({
    queryKey: iosBuilderKeys.list(),
    queryFn: async ({ signal }): Promise<IosBuild | null> => (await apiJson(endpoints.iosBuilder.list, iosBuildListResponseSchema, { signal })).data,
    refetchInterval: IOS_BUILDER_TIMING.statusPollMs,
    retry: IOS_BUILDER_TIMING.statusPollRetries,
    retryDelay: IOS_BUILDER_TIMING.statusPollRetryDelayMs,
  });

export interface IosBuildInput {
  provisionProfile: File;
  signingCertificate: File;
  password: string;
  bundleId: string;
}

/** What a submit came to: the build started, or one of the organization's was already underway (a 409, §4). */
export type IosSubmitResult = { kind: 'started'; build: IosBuild } | { kind: 'underway' };

/** The answers of §8 that a retry would not change: the user reads their message. */
const FINAL_MESSAGES: Partial<Record<number, string>> = {
  406: IOS_BUILDER_MESSAGES.notAcceptable,
  503: IOS_BUILDER_MESSAGES.unavailable,
};

/** POST /ios-builder/start (multipart). A 409 is an answer (in progress), not a failure. */
export async function startIosBuild(input: IosBuildInput): Promise<IosSubmitResult> {
  const form = new FormData();
  form.set(IOS_BUILDER_FIELDS.provisionProfile, input.provisionProfile);
  form.set(IOS_BUILDER_FIELDS.signingCertificate, input.signingCertificate);
  form.set(IOS_BUILDER_FIELDS.password, input.password);
  form.set(IOS_BUILDER_FIELDS.bundleId, input.bundleId.trim());
  let response: Response;
  try {
    response = await apiFetch(endpoints.iosBuilder.start, { method: 'POST', body: form });
  } catch {
    throw new ApiError(0, IOS_BUILDER_MESSAGES.submitFailed);
  }
  if (response.status === 409) return { kind: 'underway' };
  const final = FINAL_MESSAGES[response.status];
  if (final) throw new ApiError(response.status, final);
  if (!response.ok) throw await apiErrorFromResponse(response, IOS_BUILDER_MESSAGES.submitFailed);
  const parsed = iosBuildStartResponseSchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new ApiError(response.status, IOS_BUILDER_MESSAGES.submitFailed);
  return { kind: 'started', build: parsed.data.data };
}

/** A submit is tried again (3 times, 5 s apart, §8) only when it got no answer or a server fault other than §8's. */
export function shouldRetrySubmit(failureCount: number, error: Error): boolean {
  if (failureCount >= IOS_BUILDER_TIMING.submitRetries) return false;
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || (error.status >= 500 && FINAL_MESSAGES[error.status] === undefined);
}

/** The text a failed submit shows once its retries are spent. */
export function submitErrorMessage(error: Error): string {
  if (error instanceof ApiError && (error.isClientError || FINAL_MESSAGES[error.status] !== undefined)) return error.message;
  return IOS_BUILDER_MESSAGES.submitFailed;
}

/** GET the FINISHED build's URL with the bearer token, saved as its archive's name. */
export async function downloadIosBuild(build: IosBuild): Promise<void> {
  if (build.URL === null) throw new Error(IOS_BUILDER_MESSAGES.notFound);
  const response = await apiFetch(build.URL);
  if (!response.ok) throw await apiErrorFromResponse(response, IOS_BUILDER_MESSAGES.notFound);
  saveBlob(build.fileName ?? `${build.derivedBundleId}.zip`, await response.blob());
}
