import { z } from 'zod';

/** One service's health (spec part 1 §3 Health item: data[0].testSuccess, testTime). */
export const healthItemSchema = z.object({
  name: z.string(),
  data: z.array(z.object({ testSuccess: z.boolean(), testTime: z.string(), detail: z.string().optional() })),
});
export type HealthItem = z.infer<typeof healthItemSchema>;

export const healthStatusResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(healthItemSchema),
});
export type HealthStatusResponse = z.infer<typeof healthStatusResponseSchema>;

export const healthCheckResponseSchema = z.object({
  status: z.enum(['UP', 'DOWN']),
  time: z.string(),
});
export type HealthCheckResponse = z.infer<typeof healthCheckResponseSchema>;
