import { z } from 'zod';

/** The answer of calls that only report success (logout, refresh). */
export const successResponseSchema = z.object({ success: z.literal(true) });
export type SuccessResponse = z.infer<typeof successResponseSchema>;
