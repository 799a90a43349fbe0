import { z } from 'zod';

/**
 * A figure uploaded in the console's editor (docs/question-bank.md#figures): png, jpeg, webp, gif or
 * sanitised svg, at most 2 MB, stored by the SHA-256 of its bytes. The editor puts the answered
 * markup into a field; the save that follows is a new version like any edit.
 */

/** Bytes of one figure at most, before base64 (the importer's limit). */
export const FIGURE_MAX_BYTES = 2 * 1024 * 1024;
export const FIGURE_ALT_MAX = 300;

export const questionFigureBody = z.object({
  /** What the figure shows, for a screen reader: required, kept in the markup. */
  alt: z.string().trim().min(1, 'Describe the figure (alt text is required).').max(FIGURE_ALT_MAX),
  /** The file's bytes in base64; its type is read from the bytes, not from a name. */
  content: z.string().min(1),
});
export type QuestionFigureBody = z.infer<typeof questionFigureBody>;

export const questionFigure = z.object({
  sha256: z.string(),
  contentType: z.string(),
  /** Bytes stored (an svg's after sanitising). */
  bytes: z.number(),
  alt: z.string(),
  /** `![alt](media:<sha256>)`: what a text, option or explanation holds to show it. */
  markup: z.string(),
});
export type QuestionFigure = z.infer<typeof questionFigure>;

export const questionFigureMessages = {
  stored: 'Figure uploaded: put it in a field and save to make it part of a new version.',
  notBase64: 'The figure did not arrive as base64.',
  refused: (problem: string) => `The figure was refused: ${problem}.`,
} as const;
