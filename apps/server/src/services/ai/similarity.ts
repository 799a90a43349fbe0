/**
 * Near-duplicate detection for generated questions: two texts are the same question when their
 * normalised text is equal, or when their content words overlap almost entirely (Jaccard ≥ 0.85 on
 * word sets without stop words). "What is the SI unit of force?" and "what is the S.I. unit of force"
 * are duplicates; "…unit of force?" and "…unit of power?" are not.
 */

const STOP_WORDS = new Set(
  (
    'a an the of to in on at by for from with and or is are was were be been being what which who whom ' +
    'whose when where why how that this these those it its as into than then do does did following ' +
    'given find calculate determine'
  ).split(' '),
);

export const NEAR_DUPLICATE_THRESHOLD = 0.85;

export function normaliseText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/(\w)\.(?=\w)/g, '$1')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export function contentWords(text: string): Set<string> {
  const words = normaliseText(text).split(' ').filter(Boolean);
  const content = words.filter((w) => !STOP_WORDS.has(w));
  return new Set(content.length ? content : words);
}

function jaccard(x: Set<string>, y: Set<string>): number {
  if (x.size === 0 || y.size === 0) return 0;
  let shared = 0;
  for (const w of x) if (y.has(w)) shared++;
  return shared / (x.size + y.size - shared);
}

/** 1 for the same normalised text, else the Jaccard index of the content words. */
export function similarity(a: string, b: string): number {
  if (normaliseText(a) === normaliseText(b)) return 1;
  return jaccard(contentWords(a), contentWords(b));
}

/** Remembers texts and says whether a new one is too close to any of them. */
export class DuplicateIndex {
  private readonly entries: { normalised: string; words: Set<string>; text: string }[] = [];

  constructor(texts: Iterable<string> = []) {
    for (const text of texts) this.add(text);
  }

  add(text: string): void {
    this.entries.push({ normalised: normaliseText(text), words: contentWords(text), text });
  }

  /** The existing text the candidate duplicates, or null. */
  findDuplicate(text: string, threshold = NEAR_DUPLICATE_THRESHOLD): string | null {
    const normalised = normaliseText(text);
    const words = contentWords(text);
    for (const entry of this.entries) {
      if (entry.normalised === normalised || jaccard(words, entry.words) >= threshold) return entry.text;
    }
    return null;
  }
}
