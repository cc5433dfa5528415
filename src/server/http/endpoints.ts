import type { OpenAPIHono, RouteConfig } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { errorBodySchema } from '../../shared/contracts/errors';
import { hasAnyPermission, type Permission } from '../../shared/permissions';
import type { AppEnv } from './appEnv';

/**
 * Who may call an endpoint: anyone, any signed-in user, a user holding a permission, a user holding at least one of
 * several permissions (`anyOf`: a call two areas share), or a user holding the permission unless the path parameter
 * `orSelf` names the caller's own id (a user reads their own record).
 */
export type Access =
  | 'public'
  | 'authenticated'
  | Permission
  | { anyOf: readonly [Permission, ...Permission[]] }
  | { permission: Permission; orSelf: string };

export interface DeclaredEndpoint {
  method: string;
  /** OpenAPI style, e.g. /api/users/{id}. */
  path: string;
  access: Access;
}

/** The permissions of which the caller needs at least one; empty when any signed-in user (or anyone) may call. */
export function requiredPermissions(access: Access): readonly Permission[] {
  if (access === 'public' || access === 'authenticated') return [];
  if (typeof access === 'string') return [access];
  return 'anyOf' in access ? access.anyOf : [access.permission];
}

/** Whether the call names the caller's own record through the `orSelf` path parameter of `access`. */
export function isSelfCall(access: Access, callerId: string, params: Record<string, string>): boolean {
  return typeof access === 'object' && 'orSelf' in access && params[access.orSelf] === callerId;
}

/** Whether the signed-in caller passes `access` (authentication itself is checked before). */
export function isAllowed(access: Access, features: readonly string[], callerId: string, params: Record<string, string>): boolean {
  const permissions = requiredPermissions(access);
  if (permissions.length === 0 || hasAnyPermission(features, permissions)) return true;
  return isSelfCall(access, callerId, params);
}

export const BEARER_SCHEME = 'bearerAuth';

const errorContent = { 'application/json': { schema: errorBodySchema } };
function errorResponse(description: string) {
  return { description, content: errorContent };
}

function documentedErrors(access: Access, hasInput: boolean): RouteConfig['responses'] {
  return {
    ...(hasInput ? { 400: errorResponse('The request does not match the schema; fieldErrors tells which fields.') } : {}),
    ...(access === 'public' ? {} : { 401: errorResponse('The access token is missing, invalid or expired.') }),
    ...(requiredPermissions(access).length > 0 ? { 403: errorResponse('The caller lacks the permission.') } : {}),
    500: errorResponse('A server fault.'),
  };
}

function toRoutingPath(openApiPath: string): string {
  return openApiPath.replaceAll(/\/{(.+?)}/g, '/:$1');
}

/**
 * The one way to declare an endpoint: `endpoint(access, createRoute(...))` records it in the registry, puts the
 * access check (and the other per-endpoint middleware) in front of its validators, and documents its security
 * and error answers. Register the handler with `app.openapi(route, handler)` on the returned route.
 */
export function createEndpointDeclarer(app: OpenAPIHono<AppEnv>, middlewareFor: (declared: DeclaredEndpoint) => MiddlewareHandler<AppEnv>[]) {
  const registry: DeclaredEndpoint[] = [];

  function endpoint<R extends RouteConfig>(access: Access, route: R): R {
    const config: RouteConfig = route;
    config.security = access === 'public' ? [] : [{ [BEARER_SCHEME]: [] }];
    config.responses = { ...documentedErrors(access, config.request !== undefined), ...config.responses };
    const declared: DeclaredEndpoint = { method: route.method.toUpperCase(), path: route.path, access };
    registry.push(declared);
    app.on([declared.method], [toRoutingPath(route.path)], ...middlewareFor(declared));
    return route;
  }

  return { endpoint, registry: registry as readonly DeclaredEndpoint[] };
}

export type DeclareEndpoint = ReturnType<typeof createEndpointDeclarer>['endpoint'];
