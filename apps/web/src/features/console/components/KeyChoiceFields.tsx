import type { AdminQuestion, KeyCorrectionBody } from '@ai-tutor/contract';
import {
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from '@mui/material';
import { MathText } from '../../../components/ui/MathText';

/** The new key as typed, for every question type; `keyChoice` turns it into the API's choice. */
export interface KeyDraft {
  drop: boolean;
  answer: string;
  answers: string[];
  numerical: 'value' | 'range';
  value: string;
  tolerance: string;
  min: string;
  max: string;
  /** A typed-answer question's accepted answers, one a line. */
  texts: string;
}

export function initialDraft(question: AdminQuestion): KeyDraft {
  const key = question.key;
  return {
    drop: false,
    answer: key.type === 'single' ? key.answer : '',
    answers: key.type === 'multiple' ? key.answers : [],
    numerical: key.type === 'numerical' && key.value === null ? 'range' : 'value',
    value: key.type === 'numerical' && key.value !== null ? String(key.value) : '',
    tolerance:
      key.type === 'numerical' && key.value !== null
        ? String(Math.max(key.value - key.min, key.max - key.value))
        : '0',
    min: key.type === 'numerical' ? String(key.min) : '',
    max: key.type === 'numerical' ? String(key.max) : '',
    texts: key.type === 'text' ? key.answers.join('\n') : '',
  };
}

type Choice = Omit<KeyCorrectionBody, 'reason' | 'dryRun'>;
const numberOf = (text: string) => (text.trim() === '' ? NaN : Number(text));

/** The API's choice for the draft, or what is missing. */
export function keyChoice(type: AdminQuestion['type'], draft: KeyDraft): Choice | string {
  if (draft.drop) return { drop: true };
  if (type === 'single') return draft.answer ? { answer: draft.answer } : 'Choose the right option.';
  if (type === 'multiple')
    return draft.answers.length ? { answers: draft.answers } : 'Choose at least one right option.';
  if (type === 'text') {
    const answers = draft.texts
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    return answers.length ? { answers } : 'Give at least one accepted answer.';
  }
  if (draft.numerical === 'range') {
    const [min, max] = [numberOf(draft.min), numberOf(draft.max)];
    if (!Number.isFinite(min) || !Number.isFinite(max)) return 'Give the range as two numbers.';
    return min <= max ? { range: [min, max] } : 'The range’s lowest value is above its highest.';
  }
  const [value, tolerance] = [numberOf(draft.value), numberOf(draft.tolerance || '0')];
  if (!Number.isFinite(value)) return 'Give the answer as a number.';
  if (!Number.isFinite(tolerance) || tolerance < 0) return 'The tolerance is a number, 0 or more.';
  return { value, tolerance };
}

/** The fields that choose a new key, by the question's type; or dropping the question. */
export function KeyChoiceFields({
  question,
  draft,
  onChange,
}: {
  question: AdminQuestion;
  draft: KeyDraft;
  onChange: (change: Partial<KeyDraft>) => void;
}) {
  return (
    <Stack spacing={2}>
      <FormControl>
        <FormLabel id="correction-kind">Correction</FormLabel>
        <RadioGroup
          row
          aria-labelledby="correction-kind"
          value={draft.drop ? 'drop' : 'key'}
          onChange={(event) => onChange({ drop: event.target.value === 'drop' })}
        >
          <FormControlLabel value="key" control={<Radio />} label="Correct the key" />
          <FormControlLabel value="drop" control={<Radio />} label="Drop the question (full marks to all)" />
        </RadioGroup>
      </FormControl>
      {!draft.drop && question.type === 'single' && (
        <FormControl>
          <FormLabel id="new-key-single">The right option</FormLabel>
          <RadioGroup
            aria-labelledby="new-key-single"
            value={draft.answer}
            onChange={(event) => onChange({ answer: event.target.value })}
          >
            {question.options.map((option) => (
              <FormControlLabel
                key={option}
                value={option}
                control={<Radio />}
                label={<MathText text={option} />}
              />
            ))}
          </RadioGroup>
        </FormControl>
      )}
      {!draft.drop && question.type === 'multiple' && (
        <FormControl component="fieldset">
          <FormLabel component="legend">The right options</FormLabel>
          <FormGroup>
            {question.options.map((option) => (
              <FormControlLabel
                key={option}
                label={<MathText text={option} />}
                control={
                  <Checkbox
                    checked={draft.answers.includes(option)}
                    onChange={(event) =>
                      onChange({
                        answers: question.options.filter((o) =>
                          o === option ? event.target.checked : draft.answers.includes(o),
                        ),
                      })
                    }
                  />
                }
              />
            ))}
          </FormGroup>
        </FormControl>
      )}
      {!draft.drop && question.type === 'numerical' && (
        <>
          <RadioGroup
            row
            aria-label="Numerical key"
            value={draft.numerical}
            onChange={(event) => onChange({ numerical: event.target.value as KeyDraft['numerical'] })}
          >
            <FormControlLabel value="value" control={<Radio />} label="A value ± tolerance" />
            <FormControlLabel value="range" control={<Radio />} label="A range" />
          </RadioGroup>
          {draft.numerical === 'value' ? (
            <Stack direction="row" spacing={2}>
              <TextField
                label="Value"
                size="small"
                value={draft.value}
                onChange={(e) => onChange({ value: e.target.value })}
              />
              <TextField
                label="Tolerance"
                size="small"
                value={draft.tolerance}
                onChange={(e) => onChange({ tolerance: e.target.value })}
              />
            </Stack>
          ) : (
            <Stack direction="row" spacing={2}>
              <TextField
                label="From"
                size="small"
                value={draft.min}
                onChange={(e) => onChange({ min: e.target.value })}
              />
              <TextField
                label="To"
                size="small"
                value={draft.max}
                onChange={(e) => onChange({ max: e.target.value })}
              />
            </Stack>
          )}
        </>
      )}
      {!draft.drop && question.type === 'text' && (
        <TextField
          label="Accepted answers"
          helperText="One a line"
          multiline
          minRows={2}
          value={draft.texts}
          onChange={(event) => onChange({ texts: event.target.value })}
        />
      )}
    </Stack>
  );
}
