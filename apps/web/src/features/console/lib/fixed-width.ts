/**
 * A `matchMedia` that answers width queries for a screen of `width` px, whatever the window is: the
 * editor's preview renders the quiz's and the result's own components as a phone and a laptop show
 * them, side by side (docs/question-bank.md#editing). MUI's useMediaQuery takes it from the theme.
 */
export function fixedWidthMatchMedia(width: number): (query: string) => MediaQueryList {
  return (query: string) => {
    const px = (name: 'min' | 'max') => {
      const found = new RegExp(`${name}-width:\\s*([\\d.]+)px`).exec(query);
      return found ? Number(found[1]) : null;
    };
    const min = px('min');
    const max = px('max');
    const matches = (min === null || width >= min) && (max === null || width <= max);
    const list = {
      matches,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    };
    return list as MediaQueryList;
  };
}
