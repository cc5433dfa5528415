import { delay, http, HttpResponse } from 'msw';
import { clientDownloadRequestSchema, CLIENTS_MESSAGES, type DeviceControlProbeResponse, type GetClientUrlResponse } from '../../src/shared/contracts/clients';
import type { IosBuild, IosBuildListResponse } from '../../src/shared/contracts/ios-builder';
import { deriveIosBundleId } from '../../src/shared/contracts/ios-builder';
import { endpoints } from '../../src/shared/endpoints';
import { authBackend } from './auth-backend';
import { anyOrigin, authorizeFeatures, bearer, errorResponse } from './handlers';

export const DESKTOP_ZIP_NAME = 'gateway-agent.zip';

/** The fake's files and the iOS build; tests set them before rendering. */
export const clientsFake = {
  desktopZip: null as Uint8Array | null,
  iosBuild: null as IosBuild | null,
  iosArchive: new Uint8Array([80, 75, 5, 6]),
  /** Pieces the download is sent in, with this pause between them, so progress can be seen. */
  chunks: 4,
  chunkDelayMs: 0,
  downloads: [] as string[],
  /** Whether the device control probe finds something on its port, and the ports it was asked about. */
  deviceControlReachable: false,
  probedPorts: [] as number[],
  reset() {
    this.deviceControlReachable = false;
    this.probedPorts = [];
    this.desktopZip = null;
    this.iosBuild = null;
    this.chunks = 4;
    this.chunkDelayMs = 0;
    this.downloads = [];
  },
};

export function makeIosBuild(overrides: Partial<IosBuild> = {}): IosBuild {
  const bundleId = overrides.bundleId ?? 'acme';
  const now = new Date().toISOString();
  return {
    id: 'ios-build-1',
    Status: 'FINISHED',
    URL: endpoints.iosBuilder.download('ios-build-1'),
    currentProgress: 100,
    Description: null,
    bundleId,
    derivedBundleId: deriveIosBundleId(bundleId),
    fileName: `${deriveIosBundleId(bundleId)}.zip`,
    teamId: 'TEAM123',
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
}

/** The bytes in `clientsFake.chunks` pieces, `chunkDelayMs` apart, with their Content-Length. */
function streamed(bytes: Uint8Array, type: string): HttpResponse<ReadableStream<Uint8Array>> {
  const size = Math.ceil(bytes.length / clientsFake.chunks);
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      for (let offset = 0; offset < bytes.length; offset += size) {
        if (offset > 0 && clientsFake.chunkDelayMs > 0) await delay(clientsFake.chunkDelayMs);
        controller.enqueue(bytes.slice(offset, offset + size));
      }
      controller.close();
    },
  });
  return new HttpResponse(body, { headers: { 'Content-Type': type, 'Content-Length': String(bytes.length) } });
}

/** As the server's iOS builder calls (docs/decisions.md iOS gateway client builder). */
const IOS_BUILDER_FEATURES = ['STUDIO', 'RTA_MANAGEMENT'] as const;

const unauthenticated = (request: Request) => (authBackend.authenticate(bearer(request)) ? null : errorResponse(401, 'Your session has expired.'));

export const clientsHandlers = [
  http.get(anyOrigin(endpoints.clients.deviceControlProbe), ({ request }) => {
    const refused = unauthenticated(request);
    if (refused) return refused;
    const port = Number(new URL(request.url).searchParams.get('port'));
    clientsFake.probedPorts.push(port);
    const body: DeviceControlProbeResponse = { success: true, reachable: clientsFake.deviceControlReachable, host: '127.0.0.1', port };
    return HttpResponse.json(body);
  }),
  http.post(anyOrigin(endpoints.clients.getClientUrl), ({ request }) => {
    const refused = unauthenticated(request);
    if (refused) return refused;
    if (!clientsFake.desktopZip) return errorResponse(503, CLIENTS_MESSAGES.desktopNotBuilt);
    const body: GetClientUrlResponse = {
      success: true,
      zipDownloadUrl: endpoints.clients.file(DESKTOP_ZIP_NAME),
      exeDownloadUrl: null,
      fileName: DESKTOP_ZIP_NAME,
      size: clientsFake.desktopZip.length,
    };
    return HttpResponse.json(body);
  }),
  http.post(anyOrigin(endpoints.clients.download), async ({ request }) => {
    const refused = unauthenticated(request);
    if (refused) return refused;
    const parsed = clientDownloadRequestSchema.safeParse(await request.json().catch(() => null));
    if (!parsed.success || parsed.data.downloadUrl !== endpoints.clients.file(DESKTOP_ZIP_NAME) || !clientsFake.desktopZip) {
      return errorResponse(404, CLIENTS_MESSAGES.fileNotFound);
    }
    clientsFake.downloads.push(parsed.data.downloadUrl);
    return streamed(clientsFake.desktopZip, 'application/zip');
  }),
  http.get(anyOrigin(endpoints.iosBuilder.list), ({ request }) => {
    const refused = authorizeFeatures(request, IOS_BUILDER_FEATURES);
    if (refused instanceof Response) return refused;
    const body: IosBuildListResponse = { success: true, data: clientsFake.iosBuild };
    return HttpResponse.json(body);
  }),
  http.get(anyOrigin(`${endpoints.iosBuilder.download('')}:id`), ({ request }) => {
    const refused = authorizeFeatures(request, IOS_BUILDER_FEATURES);
    if (refused instanceof Response) return refused;
    clientsFake.downloads.push(new URL(request.url).pathname);
    return streamed(clientsFake.iosArchive, 'application/zip');
  }),
];
