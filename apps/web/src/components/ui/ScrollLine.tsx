import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

type ScrollLineProps = { as?: 'div' | 'dd' | 'span'; className: string } & (
  { children: ReactNode; html?: never } | { html: string; children?: never }
);

/**
 * A line (a formula, an answer) that scrolls sideways inside its own box when wider than a phone.
 * While it overflows it joins the tab order, so a keyboard user can scroll it too (WCAG 2.1.1, axe's
 * scrollable-region-focusable); while it fits it stays out of the way of Tab. Whether it fits depends
 * on the width and on KaTeX's fonts, so a ResizeObserver keeps asking. `html` is for KaTeX's output.
 */
export function ScrollLine({ as: Tag = 'div', className, children, html }: ScrollLineProps) {
  const ref = useRef<HTMLElement & HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setOverflows(element.scrollWidth > element.clientWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const child of Array.from(element.children)) observer.observe(child);
    return () => observer.disconnect();
  }, []);
  const tabIndex = overflows ? 0 : undefined;
  if (html !== undefined) {
    return (
      <Tag ref={ref} className={className} tabIndex={tabIndex} dangerouslySetInnerHTML={{ __html: html }} />
    );
  }
  return (
    <Tag ref={ref} className={className} tabIndex={tabIndex}>
      {children}
    </Tag>
  );
}
