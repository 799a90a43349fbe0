import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubScreenWidth } from '../../../test/screen-width';
import { evalId, makeEvaluation, mockServer, renderQuiz, T0 } from './quiz-test-kit';

// A laptop: the palette beside the question (a phone's bottom sheet: QuizPhone.test.tsx).
beforeEach(() => stubScreenWidth(1280));
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const base = (n: number) => makeEvaluation(n).baseQuestion;

describe('question types (docs/product.md#question-types)', () => {
  it('a multiple-correct question has checkboxes and saves the chosen options as an array; clearing sends []', async () => {
    const question = { ...base(1), questionType: 'multiple' as const };
    const server = mockServer({
      evaluations: [makeEvaluation(1, { baseQuestion: question }), makeEvaluation(2)],
    });
    const user = userEvent.setup();
    renderQuiz({ now: () => T0 });

    await screen.findByRole('heading', { name: 'Question - 1' });
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
    // Ticked out of order: the answer keeps the paper's order.
    await user.click(screen.getByRole('checkbox', { name: 'Option 1C' }));
    await user.click(screen.getByRole('checkbox', { name: 'Option 1A' }));
    await user.click(screen.getByRole('button', { name: 'Save & Next' }));
    await waitFor(() => expect(server.saves()).toHaveLength(1));
    expect(server.saves()[0]!.body).toMatchObject({
      evaluationId: evalId(1),
      userAnswer: ['Option 1A', 'Option 1C'],
    });

    await user.click(screen.getByRole('button', { name: /^Question 1,/ }));
    expect(screen.getByRole('checkbox', { name: 'Option 1A' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Clear Response' }));
    await waitFor(() => expect(server.saves()).toHaveLength(2));
    expect(server.saves()[1]!.body).toMatchObject({ evaluationId: evalId(1), userAnswer: [] });
    expect(screen.getByRole('checkbox', { name: 'Option 1A' })).not.toBeChecked();
  });

  it('the keypad types a valid number ("−", digits, ".", backspace) and only a valid number is saved', async () => {
    const question = { ...base(1), options: [], questionType: 'numerical' as const };
    const server = mockServer({
      evaluations: [makeEvaluation(1, { baseQuestion: question }), makeEvaluation(2)],
    });
    const user = userEvent.setup();
    renderQuiz({ now: () => T0 });

    await screen.findByRole('heading', { name: 'Question - 1' });
    const keypad = screen.getByRole('group', { name: 'Keypad' });
    const field = screen.getByRole('textbox', { name: 'Your answer (a number)' });
    await user.click(within(keypad).getByRole('button', { name: 'Minus' }));
    // A half-typed '-' is not a number: it stays on the screen, unsaved.
    await user.click(screen.getByRole('button', { name: 'Save & Next' }));
    expect(server.saves()).toHaveLength(0);
    expect(screen.getByRole('heading', { name: 'Question - 1' })).toBeInTheDocument();

    for (const key of ['2', 'Decimal point', 'Decimal point', '5', '7', 'Backspace'])
      await user.click(within(keypad).getByRole('button', { name: key }));
    // The second '.' is refused: a number has one.
    expect(field).toHaveValue('-2.5');
    await user.click(screen.getByRole('button', { name: 'Save & Next' }));
    await waitFor(() => expect(server.saves()).toHaveLength(1));
    expect(server.saves()[0]!.body).toMatchObject({ evaluationId: evalId(1), userAnswer: '-2.5' });
  });

  it('the keypad’s Clear empties the field, and letters typed into it are refused', async () => {
    const question = { ...base(1), options: [], questionType: 'numerical' as const };
    mockServer({ evaluations: [makeEvaluation(1, { baseQuestion: question })] });
    const user = userEvent.setup();
    renderQuiz({ now: () => T0 });

    const field = await screen.findByRole('textbox', { name: 'Your answer (a number)' });
    await user.type(field, '4x2');
    expect(field).toHaveValue('42');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(field).toHaveValue('');
  });

  it('shows a question’s passage above it', async () => {
    const passage = 'A block of mass 2 kg rests on a rough incline.';
    const question = { ...base(1), passage };
    mockServer({ evaluations: [makeEvaluation(1, { baseQuestion: question }), makeEvaluation(2)] });
    renderQuiz({ now: () => T0 });

    const section = await screen.findByRole('region', { name: 'Passage' });
    expect(within(section).getByText(passage)).toBeVisible();
    // The passage comes before the question's text.
    const text = screen.getByText('Question text 1');
    expect(section.compareDocumentPosition(text) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
