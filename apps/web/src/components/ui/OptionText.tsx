import { MathText } from './MathText';
import { ScrollLine } from './ScrollLine';

/** (A), (B)…: the letters a paper and its solutions name options by. */
export const optionLetter = (index: number) => `(${String.fromCharCode(65 + index)})`;

/**
 * An option with its letter, as a real paper prints it, in the order this taker sees (an explanation's
 * letters are turned to the same order by the server). Its text scrolls sideways inside its own line
 * when a formula or matrix is wider than the card, with edge shadows that say so (math-text.css).
 */
export function OptionText({ index, text }: { index: number; text: string }) {
  return (
    <span className="option-text">
      {/* Out of the option's accessible name (a radio or checkbox is named by its label's text). */}
      <span className="option-letter" aria-hidden="true">
        {optionLetter(index)}
      </span>
      <ScrollLine as="span" className="option-body scroll-hint">
        <MathText text={text} />
      </ScrollLine>
    </span>
  );
}
