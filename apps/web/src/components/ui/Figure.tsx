import CloseIcon from '@mui/icons-material/Close';
import { Dialog, DialogContent, DialogTitle, IconButton } from '@mui/material';
import { Fragment, useState } from 'react';
import './figure.css';

export type FigureSegment = { kind: 'text'; value: string } | { kind: 'figure'; alt: string; sha256: string };

/** `![alt text](media:<sha256>)`: a figure stored by the SHA-256 of its bytes (docs/product.md#figures-and-passages). */
const FIGURE = /!\[([^\]]*)\]\(media:([0-9a-f]{64})\)/g;

/** Splits text into plain runs and figure references; anything else stays text as written. */
export function parseFigures(text: string): FigureSegment[] {
  const segments: FigureSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(FIGURE)) {
    if (match.index > last) segments.push({ kind: 'text', value: text.slice(last, match.index) });
    segments.push({ kind: 'figure', alt: match[1] ?? '', sha256: match[2] ?? '' });
    last = match.index + match[0].length;
  }
  if (last < text.length) segments.push({ kind: 'text', value: text.slice(last) });
  return segments;
}

/** The text as it is read out: each figure by its alt text (an option's accessible name). */
export const withAltText = (text: string) =>
  parseFigures(text)
    .map((segment) => (segment.kind === 'text' ? segment.value : segment.alt))
    .join('');

export const mediaUrl = (sha256: string) => `/api/v1/media/${sha256}`;

/** A figure that fits its column at any width; a tap or Enter opens it full size in a dialog. */
export function Figure({ alt, sha256 }: { alt: string; sha256: string }) {
  const [open, setOpen] = useState(false);
  const name = alt || 'Figure';
  return (
    <>
      <button
        type="button"
        className="figure-button"
        onClick={() => setOpen(true)}
        aria-label={`Enlarge: ${name}`}
      >
        <img className="figure" src={mediaUrl(sha256)} alt={alt} loading="lazy" />
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="lg" aria-labelledby={`figure-${sha256}`}>
        <DialogTitle id={`figure-${sha256}`} sx={{ pr: 7 }}>
          {name}
        </DialogTitle>
        <IconButton
          aria-label="Close"
          onClick={() => setOpen(false)}
          sx={{ position: 'absolute', right: 8, top: 8 }}
        >
          <CloseIcon />
        </IconButton>
        <DialogContent>
          <img className="figure-large" src={mediaUrl(sha256)} alt={alt} />
        </DialogContent>
      </Dialog>
    </>
  );
}

/** Plain text with its figures in place. */
export function TextWithFigures({ text }: { text: string }) {
  const segments = parseFigures(text);
  if (segments.length === 1 && segments[0]?.kind === 'text') return <span>{text}</span>;
  return (
    <span>
      {segments.map((segment, index) =>
        segment.kind === 'text' ? (
          <Fragment key={index}>{segment.value}</Fragment>
        ) : (
          <Figure key={index} alt={segment.alt} sha256={segment.sha256} />
        ),
      )}
    </span>
  );
}
