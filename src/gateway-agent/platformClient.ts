import { readFile } from 'node:fs/promises';
import type { z } from 'zod';

/** The platform answered, but not with a yes. */
export class RefusedError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'RefusedError';
  }
}

const REQUEST_TIMEOUT_MS = 30_000;

/** The agent's calls to the platform, each with its token; the platform never calls the agent. */
export class PlatformClient {
  constructor(
    private readonly platform: string,
    private readonly token: string,
  ) {}

  private async send<S extends z.ZodTypeAny>(path: string, body: BodyInit | undefined, json: boolean, schema: S): Promise<z.infer<S>> {
    const response = await fetch(new URL(path, this.platform), {
      method: 'POST',
      headers: { authorization: `Bearer ${this.token}`, ...(json ? { 'content-type': 'application/json' } : {}) },
      ...(body === undefined ? {} : { body }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    if (!response.ok) throw new RefusedError(response.status, `${response.status} ${text.slice(0, 300)}`);
    return schema.parse(JSON.parse(text)) as z.infer<S>;
  }

  post<S extends z.ZodTypeAny>(path: string, body: unknown, schema: S): Promise<z.infer<S>> {
    return this.send(path, JSON.stringify(body), true, schema);
  }

  /** Uploads a file of the run's artifacts (multipart, as the platform's upload limits expect). */
  async upload<S extends z.ZodTypeAny>(path: string, file: string, fields: Record<string, string>, schema: S): Promise<z.infer<S>> {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    form.set('file', new Blob([new Uint8Array(await readFile(file))]), fields.name ?? 'file');
    return this.send(path, form, false, schema);
  }
}
