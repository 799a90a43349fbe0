import { z } from 'zod';

/** Success envelope `{message, data}` used by every API response. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ message: z.string(), data });

export const fieldError = z.object({ path: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldError>;

/**
 * Failure envelope: `{message, data: null, errors?, availableAt?}`. `availableAt` (ISO): a 409 that
 * says when to ask again (a live test not open yet, results hidden until it closes: live-tests.ts).
 */
export const errorEnvelope = z.object({
  message: z.string(),
  data: z.null(),
  errors: z.array(fieldError).optional(),
  availableAt: z.string().optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

export const messageOnly = envelope(z.null());
