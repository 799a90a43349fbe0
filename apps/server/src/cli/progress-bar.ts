/**
 * The CLI's one progress bar (import, seed, ai generate-questions): a line on stderr redrawn in place,
 * at most ten times a second, only on a terminal, so piped output and logs stay clean.
 */
export function progressBar(
  label: string,
  { stream = process.stderr, minTotal = 0 }: { stream?: NodeJS.WriteStream; minTotal?: number } = {},
) {
  const width = 30;
  let drawn = false;
  let last = 0;
  return {
    update(done: number, total: number) {
      if (!stream.isTTY || total <= minTotal) return;
      const now = Date.now();
      if (done < total && drawn && now - last < 100) return;
      last = now;
      const filled = Math.round((width * Math.min(done, total)) / Math.max(1, total));
      const percent = Math.floor((100 * done) / Math.max(1, total));
      stream.write(
        `\r[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total} ${label} ${percent}%`,
      );
      drawn = true;
    },
    /** Ends the bar's line, so what is printed next starts on a fresh one. */
    clear() {
      if (drawn) stream.write('\n');
      drawn = false;
    },
  };
}
export type ProgressBar = ReturnType<typeof progressBar>;
