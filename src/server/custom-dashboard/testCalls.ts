import { expect } from 'vitest';
import { errorBodySchema } from '../../shared/contracts/errors';

/** Request helpers the custom dashboard's HTTP tests share. */

export const withQuery = (path: string, params: Record<string, string>): string => `${path}?${new URLSearchParams(params).toString()}`;

/** The JSON body of a 200 answer (the test fails with the body otherwise). */
export async function okBody(response: Response): Promise<unknown> {
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json() as Promise<unknown>;
}

/** The error body of an answer that must have `status`. */
export async function refusedBody(response: Response, status: number) {
  expect(response.status, await response.clone().text()).toBe(status);
  return errorBodySchema.parse(await response.json());
}
