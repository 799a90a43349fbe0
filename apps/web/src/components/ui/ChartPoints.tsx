import { Box } from '@mui/material';
import { useRef, useState, type KeyboardEvent } from 'react';

/** A point of a chart, placed in % of the plot's box (y from the top), with what it says in words. */
export interface ChartPoint {
  x: number;
  y: number;
  label: string;
}

const MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (i, n) => Math.min(n - 1, i + 1),
  ArrowLeft: (i) => Math.max(0, i - 1),
  Home: () => 0,
  End: (_i, n) => n - 1,
};

/**
 * Lays over a hand-drawn chart (inside a box with `position: relative`) one strip per point, from
 * halfway to the previous point to halfway to the next, so that the chart's figures can be read by
 * pointing, tapping or the keyboard: the chart is one tab stop, the arrow keys, Home and End move from
 * point to point, and the point under the pointer or focus shows its label (`marker` adds a dot on it).
 */
export function ChartPoints({ points, marker }: { points: ChartPoint[]; marker?: string }) {
  const [active, setActive] = useState<number | null>(null);
  const [tabStop, setTabStop] = useState(points.length - 1);
  const strips = useRef<(HTMLSpanElement | null)[]>([]);
  const shown = active === null ? undefined : points[active];

  const onKeyDown = (event: KeyboardEvent<HTMLSpanElement>, index: number) => {
    const move = MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    strips.current[move(index, points.length)]?.focus();
  };

  return (
    <>
      {points.map((point, i) => {
        const from = i === 0 ? 0 : (points[i - 1]!.x + point.x) / 2;
        const to = i === points.length - 1 ? 100 : (point.x + points[i + 1]!.x) / 2;
        return (
          <Box
            key={i}
            component="span"
            ref={(element: HTMLSpanElement | null) => {
              strips.current[i] = element;
            }}
            role="img"
            aria-label={point.label}
            tabIndex={i === Math.min(tabStop, points.length - 1) ? 0 : -1}
            onFocus={() => {
              setActive(i);
              setTabStop(i);
            }}
            onBlur={() => setActive(null)}
            onMouseEnter={() => setActive(i)}
            onMouseLeave={() => setActive(null)}
            onKeyDown={(event) => onKeyDown(event, i)}
            sx={{ position: 'absolute', top: 0, bottom: 0, left: `${from}%`, width: `${to - from}%` }}
          />
        );
      })}
      {shown && marker && (
        <Box
          aria-hidden
          sx={{
            position: 'absolute',
            left: `${shown.x}%`,
            top: `${shown.y}%`,
            width: 8,
            height: 8,
            borderRadius: '50%',
            bgcolor: marker,
            transform: 'translate(-50%, -50%)',
            pointerEvents: 'none',
          }}
        />
      )}
      {shown && (
        <Box
          aria-hidden
          sx={{
            position: 'absolute',
            bottom: '100%',
            left: `${shown.x}%`,
            // Slides from left- to right-aligned across the chart, so it never leaves the box.
            transform: `translateX(-${shown.x}%)`,
            mb: 0.5,
            px: 1,
            py: 0.25,
            borderRadius: 1,
            bgcolor: 'grey.900',
            color: 'common.white',
            typography: 'caption',
            whiteSpace: 'nowrap',
            pointerEvents: 'none',
            zIndex: 1,
          }}
        >
          {shown.label}
        </Box>
      )}
    </>
  );
}
