import { z } from 'zod';

/** Success envelope `{message, data}` used by every API response. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ message: z.string(), data });

export const fieldError = z.object({ path: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldError>;

/** Failure envelope: `{message, data: null, errors?}`. */
export const errorEnvelope = z.object({
  message: z.string(),
  data: z.null(),
  errors: z.array(fieldError).optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

export const messageOnly = envelope(z.null());
