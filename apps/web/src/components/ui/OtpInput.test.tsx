import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { OtpInput, type OtpInputProps } from './OtpInput';

function Host(props: Partial<OtpInputProps> & { initial?: string }) {
  const { initial = '', ...rest } = props;
  const [value, setValue] = useState(initial);
  return (
    <>
      <OtpInput value={value} onChange={setValue} {...rest} />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}

const boxes = () => screen.getAllByRole('textbox');
const box = (n: number) => screen.getByRole('textbox', { name: `Digit ${n} of 6` });
const value = () => JSON.parse(screen.getByTestId('value').textContent ?? '""') as string;
const shown = () => boxes().map((b) => (b as HTMLInputElement).value);

describe('OtpInput (docs/product.md#validation-messages)', () => {
  it('has six boxes labelled "Digit N of 6" inside one labelled group', () => {
    render(<Host label="Verification code" />);
    expect(screen.getByRole('group', { name: 'Verification code' })).toBeInTheDocument();
    expect(boxes()).toHaveLength(6);
    boxes().forEach((b, i) => {
      expect(b).toHaveAccessibleName(`Digit ${i + 1} of 6`);
      expect(b).toHaveAttribute('inputmode', 'numeric');
    });
  });

  it('takes one character per box and moves on as you type', async () => {
    const user = userEvent.setup();
    render(<Host />);
    await user.click(box(1));
    await user.keyboard('123456');
    expect(shown()).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(value()).toBe('123456');
    expect(box(6)).toHaveFocus();
  });

  it('accepts only digits for numeric types', async () => {
    const user = userEvent.setup();
    render(<Host />);
    await user.click(box(1));
    await user.keyboard('a');
    expect(box(1)).toHaveValue('');
    expect(box(1)).toHaveFocus();
    await user.keyboard('7');
    expect(box(1)).toHaveValue('7');
    expect(box(2)).toHaveFocus();
  });

  it('accepts letters for the text type', async () => {
    const user = userEvent.setup();
    render(<Host inputType="text" />);
    await user.click(box(1));
    await user.keyboard('a1');
    expect(value()).toBe('a1');
    expect(box(1)).toHaveAttribute('inputmode', 'text');
  });

  it('replaces the character of a box typed over', async () => {
    const user = userEvent.setup();
    render(<Host initial="123456" />);
    await user.click(box(3));
    await user.keyboard('9');
    expect(value()).toBe('129456');
    expect(box(4)).toHaveFocus();
  });

  it('fills from the focused box when every pasted character is valid', async () => {
    const user = userEvent.setup();
    render(<Host />);
    await user.click(box(1));
    await user.paste('654321');
    expect(value()).toBe('654321');
    expect(box(6)).toHaveFocus();
  });

  it('pastes from the current box, not from the first, and drops what does not fit', async () => {
    const user = userEvent.setup();
    render(<Host initial="12" />);
    await user.click(box(3));
    await user.paste('98765');
    expect(shown()).toEqual(['1', '2', '9', '8', '7', '6']);
  });

  it('refuses a paste with any invalid character, as a whole', async () => {
    const user = userEvent.setup();
    render(<Host initial="11" />);
    await user.click(box(1));
    await user.paste('12a456');
    expect(value()).toBe('11');
    await user.paste('12 456');
    expect(value()).toBe('11');
  });

  it('Backspace clears the box and moves back; from an empty box it clears the one before', async () => {
    const user = userEvent.setup();
    render(<Host initial="123456" />);
    await user.click(box(6));
    await user.keyboard('{Backspace}');
    expect(value()).toBe('12345');
    expect(box(5)).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(value()).toBe('1234');
    expect(box(4)).toHaveFocus();

    await user.click(box(6)); // empty
    await user.keyboard('{Backspace}');
    expect(value()).toBe('1234');
    expect(box(5)).toHaveFocus();
  });

  it('Backspace in the middle leaves a gap the form sees as incomplete', async () => {
    const user = userEvent.setup();
    render(<Host initial="123456" />);
    await user.click(box(3));
    await user.keyboard('{Backspace}');
    expect(shown()).toEqual(['1', '2', '', '4', '5', '6']);
    expect(value()).toBe('12 456');
    expect(box(2)).toHaveFocus();
  });

  it('the arrow keys move between boxes without changing them', async () => {
    const user = userEvent.setup();
    render(<Host initial="123" />);
    await user.click(box(2));
    await user.keyboard('{ArrowRight}');
    expect(box(3)).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(box(1)).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(box(1)).toHaveFocus();
    expect(value()).toBe('123');
  });

  it('shows a placeholder only when it has one character per box', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { unmount } = render(<Host placeholder="------" />);
    expect(boxes().map((b) => b.getAttribute('placeholder'))).toEqual(['-', '-', '-', '-', '-', '-']);
    unmount();
    render(<Host placeholder="----" />);
    expect(boxes().every((b) => !b.hasAttribute('placeholder'))).toBe(true);
    expect(error).toHaveBeenCalledWith(
      expect.stringMatching(/placeholder has 4 characters but there are 6 boxes/),
    );
    error.mockRestore();
  });

  it('reports blur only when focus leaves the whole group', async () => {
    const user = userEvent.setup();
    const onBlur = vi.fn();
    render(
      <>
        <Host onBlur={onBlur} />
        <button type="button">elsewhere</button>
      </>,
    );
    await user.click(box(1));
    await user.click(box(2));
    expect(onBlur).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(onBlur).toHaveBeenCalledTimes(1);
  });
});
