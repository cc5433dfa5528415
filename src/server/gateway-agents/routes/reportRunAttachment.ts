import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from '@hono/zod-openapi';
import { GATEWAY_AGENT_MAX_ATTACHMENT_BYTES, GATEWAY_AGENT_MESSAGES } from '../../../shared/contracts/gateway-agents';
import { endpoints } from '../../../shared/endpoints';
import { ApiError } from '../../http/apiError';
import { limitUpload, uploadedFile } from '../../http/uploadLimit';
import { artifactsRoot, resolveArtifact, safeFileName } from '../../runs/artifacts';
import { addRunAttachment } from '../../runs/repository';
import type { Api } from '../../services';
import { runReporter, runReportRoute } from './runReport';

const attachmentFormSchema = z.object({
  file: z.instanceof(File, { message: 'required' }).openapi({ type: 'string', format: 'binary' }),
  /** The FileRef name the agent's executor gave it (its steps refer to `<statusId>/<name>`). */
  name: z.string().min(1).max(100),
  /** 'true' for a run-wide attachment (a video); step images are named by their step results instead. */
  runWide: z.enum(['true', 'false']).optional(),
});

export function registerReportRunAttachment({ app, endpoint, services }: Api): void {
  const report = runReporter(services);
  const root = artifactsRoot(services.filesDir);
  const route = endpoint(
    'public',
    runReportRoute(endpoints.gatewayAgents.runAttachmentRoute, 'A screenshot or video of the run a gateway agent executes (multipart)', {
      required: true,
      content: { 'multipart/form-data': { schema: attachmentFormSchema } },
    }),
  );
  limitUpload(app, endpoints.gatewayAgents.runAttachmentRoute.replaceAll(/{(.+?)}/g, ':$1'), GATEWAY_AGENT_MAX_ATTACHMENT_BYTES, GATEWAY_AGENT_MESSAGES.attachmentTooLarge);

  app.openapi(route, async (c) => {
    const { statusId } = c.req.valid('param');
    const form = c.req.valid('form');
    const file = uploadedFile(form, 'file', GATEWAY_AGENT_MAX_ATTACHMENT_BYTES, {
      missing: GATEWAY_AGENT_MESSAGES.attachmentMissing,
      tooLarge: GATEWAY_AGENT_MESSAGES.attachmentTooLarge,
    });
    // Only a plain file name of this run's folder: the download route serves what lies there.
    const target = form.name === safeFileName(form.name) ? resolveArtifact(root, `${safeFileName(statusId)}/${form.name}`) : null;
    if (target === null || form.name.startsWith('.')) throw new ApiError(400, GATEWAY_AGENT_MESSAGES.badAttachmentPath, {}, { name: ['pattern'] });
    const answer = await report(c, statusId, async () => {
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, new Uint8Array(await file.arrayBuffer()));
      if (form.runWide === 'true') await addRunAttachment(services.db, statusId, { path: `${statusId}/${form.name}`, name: form.name });
    });
    return c.json(answer, 200);
  });
}
