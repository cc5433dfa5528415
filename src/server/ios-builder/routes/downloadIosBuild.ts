import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createRoute, z } from '@hono/zod-openapi';
import { IOS_BUILDER_MESSAGES } from '../../../shared/contracts/ios-builder';
import { endpoints } from '../../../shared/endpoints';
import { ApiError } from '../../http/apiError';
import { currentUser } from '../../http/appEnv';
import type { Api } from '../../services';
import { IOS_BUILDER_ACCESS, IOS_BUILDER_TAG } from '../access';
import { buildDir } from '../bundle';
import { findBuild } from '../repository';

export function registerDownloadIosBuild({ app, endpoint, services }: Api): void {
  const route = endpoint(
    IOS_BUILDER_ACCESS,
    createRoute({
      method: 'get',
      path: `${endpoints.iosBuilder.download('')}{id}`,
      tags: [IOS_BUILDER_TAG],
      summary: 'The archive of a FINISHED iOS build (the URL of the list answer)',
      description: "Another organization's build, or one not FINISHED, is not found.",
      request: { params: z.object({ id: z.string().min(1).max(100) }) },
      responses: {
        200: { description: 'The zip archive.', content: { 'application/zip': { schema: z.string().openapi({ format: 'binary' }) } } },
        404: { description: IOS_BUILDER_MESSAGES.notFound },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const orgId = currentUser(c).row.org_id;
    const build = await findBuild(services.db, orgId, c.req.valid('param').id);
    if (build?.status !== 'FINISHED' || build.file_name === null) throw new ApiError(404, IOS_BUILDER_MESSAGES.notFound);
    let bytes: Buffer;
    try {
      bytes = await readFile(join(buildDir(services.filesDir, orgId, build.id), build.file_name));
    } catch {
      throw new ApiError(404, IOS_BUILDER_MESSAGES.notFound);
    }
    return c.body(new Uint8Array(bytes), 200, {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="${build.file_name}"`,
      // It holds a signing identity: never kept by a shared cache.
      'Cache-Control': 'private, no-store',
    });
  });
}
