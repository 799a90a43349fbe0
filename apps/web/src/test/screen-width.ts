import { vi } from 'vitest';

/**
 * jsdom has no media queries (every one is false): this answers MUI's min-width / max-width queries as
 * a screen `width` px wide would. Undone by vi.unstubAllGlobals().
 */
export function stubScreenWidth(width: number) {
  vi.stubGlobal('matchMedia', (media: string) => {
    const min = /min-width:\s*([\d.]+)px/.exec(media);
    const max = /max-width:\s*([\d.]+)px/.exec(media);
    const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
    return {
      matches,
      media,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    };
  });
}
