/**
 * The app's own full-page spinner is the start-up spinner of index.html (its `.boot` and `.boot-ring`
 * styles live there): the same ring in the same place, so nothing jumps when the app takes over, and a
 * bordered box, not an SVG, so it is decoration and the page's first contentful paint is the screen's
 * content (decision 0006). A progress bar without a value: "busy", told to screen readers by its label.
 */
export function FullPageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="boot" role="status" aria-live="polite">
      <div className="boot-ring" role="progressbar" aria-label={label} />
    </div>
  );
}
