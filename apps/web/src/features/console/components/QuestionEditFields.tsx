import { AUTHORED_HINTS_MAX, QUESTION_TYPES, type FieldError, type QuestionType } from '@ai-tutor/contract';
import {
  Button,
  Checkbox,
  FormControlLabel,
  IconButton,
  MenuItem,
  Radio,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { messagesFor, withType, type EditDraft } from '../lib/edit-draft';

const TYPE_LABELS: Record<QuestionType, string> = {
  single: 'Single correct',
  multiple: 'Multiple correct',
  numerical: 'Numerical',
  text: 'Text',
};
const LETTERS = 'ABCDEFGHIJ';

interface FieldsProps {
  draft: EditDraft;
  onChange: (draft: EditDraft) => void;
  errors: readonly FieldError[];
  warnings: readonly FieldError[];
}

/**
 * Every field of a question of any type (docs/question-bank.md#editing), each showing the server's
 * error for it (red) or the importer's warning (below, in words).
 */
export function QuestionEditFields({ draft, onChange, errors, warnings }: FieldsProps) {
  const { body, numeric } = draft;
  const set = (patch: Partial<EditDraft['body']>) => onChange({ ...draft, body: { ...body, ...patch } });
  const help = (path: string, extra?: string) => {
    const error = messagesFor(errors, path);
    const warning = messagesFor(warnings, path);
    return { error: Boolean(error), helperText: error || warning || extra };
  };
  const choice = body.type === 'single' || body.type === 'multiple';
  const right = (option: string) =>
    body.key.type === 'single'
      ? body.key.answer === option
      : body.key.type === 'multiple' && body.key.answers.includes(option);
  const setOption = (at: number, text: string) => {
    const before = body.options[at] ?? '';
    const options = body.options.map((o, i) => (i === at ? text : o));
    // The key names options by their text: it follows an option being retyped.
    const key =
      body.key.type === 'single' && body.key.answer === before
        ? { ...body.key, answer: text }
        : body.key.type === 'multiple'
          ? { ...body.key, answers: body.key.answers.map((a) => (a === before ? text : a)) }
          : body.key;
    set({ options, key });
  };
  const toggleRight = (option: string) => {
    if (body.key.type === 'single') set({ key: { type: 'single', answer: option } });
    if (body.key.type === 'multiple') {
      const answers = body.key.answers.includes(option)
        ? body.key.answers.filter((a) => a !== option)
        : [...body.key.answers, option];
      set({ key: { type: 'multiple', answers } });
    }
  };

  return (
    <Stack spacing={2}>
      <TextField
        select
        label="Type"
        value={body.type}
        onChange={(e) => onChange({ ...draft, body: withType(body, e.target.value as QuestionType) })}
        sx={{ maxWidth: 240 }}
      >
        {QUESTION_TYPES.map((t) => (
          <MenuItem key={t} value={t}>
            {TYPE_LABELS[t]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label="Question text"
        multiline
        minRows={3}
        value={body.text}
        onChange={(e) => set({ text: e.target.value })}
        {...help('text', 'Maths in $…$ or $$…$$; figures as ![alt text](media:…)')}
      />
      <TextField
        label="Passage (shared with other questions)"
        multiline
        minRows={2}
        value={body.passage ?? ''}
        onChange={(e) => set({ passage: e.target.value || null })}
        {...help('passage')}
      />
      {choice && (
        <Stack spacing={1} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <Typography component="legend" variant="subtitle2">
            Options ({body.type === 'single' ? 'pick the right one' : 'tick every right one'})
          </Typography>
          {body.options.map((option, i) => (
            <Stack key={i} direction="row" spacing={1} alignItems="flex-start">
              {body.type === 'single' ? (
                <Radio
                  checked={right(option)}
                  onChange={() => toggleRight(option)}
                  inputProps={{ 'aria-label': `Option ${LETTERS[i]} is right` }}
                />
              ) : (
                <Checkbox
                  checked={right(option)}
                  onChange={() => toggleRight(option)}
                  inputProps={{ 'aria-label': `Option ${LETTERS[i]} is right` }}
                />
              )}
              <TextField
                label={`Option ${LETTERS[i]}`}
                value={option}
                onChange={(e) => setOption(i, e.target.value)}
                fullWidth
                multiline
                {...help(`options.${i}`)}
              />
              <IconButton
                aria-label={`Remove option ${LETTERS[i]}`}
                disabled={body.options.length <= 2}
                onClick={() => set({ options: body.options.filter((_, j) => j !== i) })}
              >
                <DeleteOutlineIcon />
              </IconButton>
            </Stack>
          ))}
          <Button
            onClick={() => set({ options: [...body.options, ''] })}
            disabled={body.options.length >= 10}
            sx={{ alignSelf: 'flex-start' }}
          >
            Add an option
          </Button>
          {(messagesFor(errors, 'options') || messagesFor(errors, 'key')) && (
            <Typography color="error" variant="body2" role="alert">
              {[messagesFor(errors, 'options'), messagesFor(errors, 'key')].filter(Boolean).join('; ')}
            </Typography>
          )}
        </Stack>
      )}
      {body.type === 'numerical' && (
        <Stack spacing={1}>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={numeric.mode}
            onChange={(_e, mode: EditDraft['numeric']['mode'] | null) =>
              mode && onChange({ ...draft, numeric: { ...numeric, mode } })
            }
            aria-label="Numerical answer as"
          >
            <ToggleButton value="tolerance">A value ± tolerance</ToggleButton>
            <ToggleButton value="range">A range</ToggleButton>
          </ToggleButtonGroup>
          <Stack direction="row" spacing={1}>
            {(numeric.mode === 'tolerance'
              ? (['value', 'tolerance'] as const)
              : (['min', 'max'] as const)
            ).map((name) => (
              <TextField
                key={name}
                label={
                  { value: 'Answer', tolerance: 'Tolerance (±)', min: 'Lowest right', max: 'Highest right' }[
                    name
                  ]
                }
                value={numeric[name]}
                inputMode="decimal"
                onChange={(e) => onChange({ ...draft, numeric: { ...numeric, [name]: e.target.value } })}
                {...help('key')}
              />
            ))}
          </Stack>
        </Stack>
      )}
      {body.key.type === 'text' && (
        <>
          <TextField
            label="Accepted answers (one a line)"
            multiline
            minRows={2}
            value={body.key.answers.join('\n')}
            onChange={(e) =>
              body.key.type === 'text' && set({ key: { ...body.key, answers: e.target.value.split('\n') } })
            }
            {...help('key')}
          />
          <FormControlLabel
            control={
              <Checkbox
                checked={body.key.wildcard}
                onChange={(_e, wildcard) =>
                  body.key.type === 'text' && set({ key: { ...body.key, wildcard } })
                }
              />
            }
            label="Answers use * as a wildcard"
          />
        </>
      )}
      <TextField
        label="Explanation (the worked solution)"
        multiline
        minRows={3}
        value={body.explanation ?? ''}
        onChange={(e) => set({ explanation: e.target.value || null })}
        {...help('explanation')}
      />
      {Array.from({ length: AUTHORED_HINTS_MAX }, (_, i) => (
        <TextField
          key={i}
          label={`Hint ${i + 1}`}
          value={body.hints[i] ?? ''}
          onChange={(e) => {
            const hints = Array.from({ length: AUTHORED_HINTS_MAX }, (_h, j) =>
              j === i ? e.target.value : (body.hints[j] ?? ''),
            );
            set({ hints: hints.slice(0, hints.findLastIndex(Boolean) + 1) });
          }}
          {...help(`hints.${i}`)}
        />
      ))}
    </Stack>
  );
}
