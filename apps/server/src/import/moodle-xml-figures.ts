import { decodeEntities } from './html-text.js';
import { figureMarkup, prepareMedia } from './media.js';
import { children, text } from './moodle-xml-nodes.js';
import type { ParsedMedia } from './types.js';

/**
 * Moodle XML carries a text's images inside it: `<file name="logo.jpg" encoding="base64">…</file>`
 * beside the `<text>`, referred to as `<img src="@@PLUGINFILE@@/logo.jpg" alt="…">`. Each becomes a
 * figure (stored by the SHA-256 of its bytes) and the text refers to it as `![alt](media:<sha256>)`
 * (docs/product.md#figures-and-passages), as media.ts prepares them: png, jpeg, webp, gif and sanitised svg up to 2 MB;
 * anything else stays a warning.
 */

/** The `<file>`s of a question, by name: those beside each text, then any in the question. */
export function embeddedFiles(owners: unknown[]): Map<string, string> {
  const files = new Map<string, string>();
  for (const owner of owners)
    for (const file of children(owner, 'file')) {
      const name = text((file as Record<string, unknown>)['@_name']);
      if (name && !files.has(name)) files.set(name, text(file).replace(/\s+/g, ''));
    }
  return files;
}

/** An attribute's value as written (entities still encoded). */
function attribute(tag: string, name: string): string | null {
  const m = new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, 'i').exec(tag);
  return m ? (m[1] ?? m[2] ?? '') : null;
}

/** One embedded image as a figure: its SHA-256, or null (and why, in `problems`). */
function figure(
  name: string,
  data: string | undefined,
  media: Map<string, ParsedMedia>,
  problems: Map<string, string>,
): string | null {
  if (data === undefined) {
    problems.set(name, `no <file name="${name}"> holds it`);
    return null;
  }
  const prepared = prepareMedia(Buffer.from(data.replace(/\s+/g, ''), 'base64'));
  if ('problem' in prepared) {
    problems.set(name, prepared.problem.replace(/^the figure /, 'it '));
    return null;
  }
  media.set(prepared.media.sha256, prepared.media);
  return prepared.media.sha256;
}

/** Moodle 1.9's `<image>` with its `<image_base64>`: a figure reference, or null. */
export function imageFigure(
  name: string,
  data: string,
  media: Map<string, ParsedMedia>,
  problems: Map<string, string>,
): string | null {
  const sha256 = figure(name, data.trim() ? data : undefined, media, problems);
  return sha256 ? figureMarkup('', sha256) : null;
}

/**
 * The HTML with each embedded image it shows replaced by its figure reference; the figures go to
 * `media`; an image that cannot be kept stays an `<img>` (it goes with the other tags) and
 * `problems` says why, by the name `mediaIn` gives it.
 */
export function withFigures(
  html: string,
  files: Map<string, string>,
  media: Map<string, ParsedMedia>,
  problems: Map<string, string>,
): string {
  return html.replace(/<img\b[^>]*>/gi, (tag) => {
    const src = decodeEntities(attribute(tag, 'src') ?? '');
    if (!src.startsWith('@@PLUGINFILE@@/')) return tag;
    let name = src.slice('@@PLUGINFILE@@/'.length).replace(/[?#].*$/, '');
    try {
      name = decodeURIComponent(name);
    } catch {
      // A name that is not URI-encoded is looked up as written.
    }
    const sha256 = figure(name, files.get(name), media, problems);
    if (!sha256) return tag;
    // The alt text stays HTML here: the text's conversion decodes it with the rest.
    return figureMarkup((attribute(tag, 'alt') ?? '').replace(/\s+/g, ' ').trim(), sha256);
  });
}
