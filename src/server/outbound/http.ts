import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { endpointOf, pinnedLookup, type OutboundPolicy } from './policy';

export interface OutboundHttpInit {
  method?: string;
  headers?: Record<string, string>;
  /** A JSON text or a form (multipart, as fetch would encode it). */
  body?: string | FormData;
  signal?: AbortSignal;
  /** Answers longer than this fail instead of filling the memory. */
  maxResponseBytes?: number;
}

export interface OutboundHttpResponse {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/** Jira's biggest answers (create metadata of a large instance) stay far below this. */
const DEFAULT_MAX_RESPONSE_BYTES = 32 * 1024 * 1024;

async function encodedBody(body: OutboundHttpInit['body']): Promise<{ bytes: Uint8Array; type: string | null } | null> {
  if (body === undefined) return null;
  if (typeof body === 'string') return { bytes: new TextEncoder().encode(body), type: null };
  // fetch's own multipart encoder, boundary included.
  const encoded = new Request('http://multipart.invalid/', { method: 'POST', body });
  return { bytes: new Uint8Array(await encoded.arrayBuffer()), type: encoded.headers.get('content-type') };
}

/**
 * One HTTP(S) request to a host a user typed (a Jira base URL): the host is checked by the outbound policy and the
 * socket connects to the checked addresses only. Redirects are not followed: a 3xx is answered as it is.
 */
export async function outboundHttp(policy: OutboundPolicy, url: URL, init: OutboundHttpInit = {}): Promise<OutboundHttpResponse> {
  const secure = url.protocol === 'https:';
  if (!secure && url.protocol !== 'http:') throw new Error(`Only http and https addresses can be called, not ${url.protocol}`);
  const { host, port } = endpointOf(url);
  const target = await policy.check(host, port);
  const body = await encodedBody(init.body);
  const headers: Record<string, string> = { ...init.headers };
  if (body?.type) headers['content-type'] = body.type;
  if (body) headers['content-length'] = String(body.bytes.byteLength);
  const limit = init.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;

  return new Promise<OutboundHttpResponse>((resolve, reject) => {
    const request = (secure ? httpsRequest : httpRequest)(
      url,
      { method: init.method ?? 'GET', headers, lookup: pinnedLookup(target), signal: init.signal },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.byteLength;
          if (size > limit) {
            response.destroy(new Error(`The answer of ${url.host} is larger than ${limit} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        response.on('error', reject);
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    request.on('error', reject);
    request.end(body ? Buffer.from(body.bytes) : undefined);
  });
}
