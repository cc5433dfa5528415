import { z } from '@hono/zod-openapi';
import { REPORT_FORM_FIELDS, reportDraftSchema, reportSettingsSchema, type ReportDraft } from '../../shared/contracts/dashboards';

/** The report calls take forms (spec part 3 §7): settings and elements are JSON text, checked against the contract. */

export const DASHBOARDS_TAG = 'Dashboards';
export const INVALID_JSON = 'Not valid JSON.';

function parsedJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/**
 * A form field holding JSON text that must match `schema`: its problems are reported under the field's own path
 * (settings.timeFrame.type, elements.0.size), so the validation answer names them like any other field error.
 */
function jsonFormField(schema: z.ZodType, description: string) {
  return z
    .string()
    .superRefine((text, ctx) => {
      const json = parsedJson(text);
      if (!json.ok) {
        ctx.addIssue({ code: 'custom', message: INVALID_JSON });
        return;
      }
      const result = schema.safeParse(json.value);
      if (!result.success) for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    })
    .openapi({ description });
}

const reportIdField = z.string().min(1).max(64);

export const reportFormSchema = z.object({
  [REPORT_FORM_FIELDS.title]: reportDraftSchema.shape.title,
  [REPORT_FORM_FIELDS.settings]: jsonFormField(reportSettingsSchema, 'The report settings as JSON: {timeFrame, testPlans}.'),
  [REPORT_FORM_FIELDS.elements]: jsonFormField(reportDraftSchema.shape.elements, 'The report elements as a JSON array.'),
});
export const reportUpdateFormSchema = reportFormSchema.extend({ [REPORT_FORM_FIELDS.id]: reportIdField });
export const reportIdFormSchema = z.object({ [REPORT_FORM_FIELDS.id]: reportIdField });

/** Either form encoding a browser sends: URL-encoded fields or multipart (FormData). */
export function formContent<T extends z.ZodType>(schema: T) {
  return { 'application/x-www-form-urlencoded': { schema }, 'multipart/form-data': { schema } };
}

/** The draft of a form the route has validated, with the contract's defaults applied. */
export function draftOf(form: z.output<typeof reportFormSchema>): ReportDraft {
  return reportDraftSchema.parse({ title: form.title, settings: JSON.parse(form.settings), elements: JSON.parse(form.elements) });
}
