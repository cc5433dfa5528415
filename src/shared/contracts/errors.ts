import { z } from 'zod';

/** Every 4xx/5xx answer of the server has this body, so the client can always show `message`. */
export const errorBodySchema = z.object({
  success: z.literal(false),
  message: z.string(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
