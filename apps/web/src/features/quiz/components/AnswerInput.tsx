import { NUMERICAL_ANSWER_PATTERN, type Evaluation } from '@ai-tutor/contract';
import { Checkbox, FormControlLabel, FormGroup, Radio, RadioGroup, TextField } from '@mui/material';
import { withAltText } from '../../../components/ui/Figure';
import { mathAsWords } from '../../../components/ui/math-words';
import { OptionText } from '../../../components/ui/OptionText';
import { isPartialNumber, NumericKeypad } from './NumericKeypad';

interface AnswerInputProps {
  question: Evaluation['baseQuestion'];
  /**
   * The options as shown, in the language the learner views the question in (docs/languages.md): the
   * same ones in the same order, so the answer stays the question's own option text.
   */
  shown?: { options: string[]; lang: string | undefined };
  /** The answer shown: the draft, else the saved one. */
  value: string | string[] | null;
  onChange: (value: string | string[]) => void;
}

const optionSx = (chosen: boolean) => ({
  mx: 0,
  mb: 1,
  pr: 2,
  display: 'flex',
  maxWidth: '100%',
  // The label may shrink below its widest formula: that formula scrolls inside it (OptionText).
  '& .MuiFormControlLabel-label': { flex: 1, minWidth: 0 },
  '--scroll-hint-bg': chosen ? '#ebebeb' : '#fff',
  border: 1,
  borderColor: chosen ? 'primary.main' : 'divider',
  borderRadius: 2,
  bgcolor: chosen ? 'action.selected' : undefined,
});

const labelledBy = 'question-heading question-text';
/** An option's accessible name: its maths in words and its figures by their alt text. */
const optionName = (option: string) => mathAsWords(withAltText(option));

/** How a question is answered (docs/product.md#question-types): one option, several, a number, or free text. */
export function AnswerInput({ question, shown, value, onChange }: AnswerInputProps) {
  const { options, questionType } = question;
  const label = (i: number) => shown?.options[i] ?? options[i]!;

  if (questionType === 'multiple') {
    const chosen = Array.isArray(value) ? value : [];
    // Kept in the paper's order, whatever order they were ticked in.
    const toggle = (option: string) =>
      onChange(options.filter((o) => (o === option ? !chosen.includes(o) : chosen.includes(o))));
    return (
      <FormGroup role="group" aria-labelledby={labelledBy} lang={shown?.lang}>
        {options.map((option, i) => (
          <FormControlLabel
            key={`${i}-${option}`}
            control={
              <Checkbox
                checked={chosen.includes(option)}
                onChange={() => toggle(option)}
                slotProps={{ input: { 'aria-label': optionName(label(i)) } }}
              />
            }
            label={<OptionText index={i} text={label(i)} />}
            sx={optionSx(chosen.includes(option))}
          />
        ))}
      </FormGroup>
    );
  }

  const text = typeof value === 'string' ? value : '';

  if (questionType === 'numerical') {
    const invalid = text !== '' && !NUMERICAL_ANSWER_PATTERN.test(text);
    return (
      <>
        <TextField
          label="Your answer (a number)"
          value={text}
          error={invalid}
          helperText={invalid ? 'Enter a whole number, a decimal or a negative number, e.g. -2.5' : ' '}
          onChange={(event) => {
            const next = event.target.value.trim().replace('−', '-');
            if (isPartialNumber(next)) onChange(next);
          }}
          // The keypad below is the way in on a phone: the system keyboard would open over it (`inputmode=none`);
          // a laptop's keys still type.
          slotProps={{ htmlInput: { inputMode: 'none', autoComplete: 'off' } }}
          sx={{ maxWidth: 260 }}
          fullWidth
        />
        <NumericKeypad value={text} onChange={onChange} />
      </>
    );
  }

  if (questionType === 'single' && options.length > 0) {
    return (
      <RadioGroup
        aria-labelledby={labelledBy}
        lang={shown?.lang}
        value={text}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map((option, i) => (
          <FormControlLabel
            key={`${i}-${option}`}
            value={option}
            control={<Radio slotProps={{ input: { 'aria-label': optionName(label(i)) } }} />}
            label={<OptionText index={i} text={label(i)} />}
            sx={optionSx(text === option)}
          />
        ))}
      </RadioGroup>
    );
  }

  return (
    <TextField
      label="Answer"
      multiline
      rows={4}
      fullWidth
      value={text}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
