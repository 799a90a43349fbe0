import { uiTexts, type CheckFeedback, type Confidence } from '@ai-tutor/contract';
import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import CloseIcon from '@mui/icons-material/Close';
import { Alert, Box, Typography } from '@mui/material';
import { MathText } from '../../../components/ui/MathText';
import { OptionText } from '../../../components/ui/OptionText';

const CONFIDENCE_TEXT: Record<Confidence, string> = { sure: 'sure', unsure: 'unsure', guess: 'a guess' };
const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/**
 * A checked answer: right or wrong in words and by icon (never by colour alone), the marks it would
 * earn, the key and the explanation — the key's options and the explanation in the language the
 * question is shown in (docs/languages.md), marked with `lang`.
 */
export function CheckFeedbackPanel({
  feedback,
  confidence,
  options = [],
  shownOptions,
  lang,
  original,
}: {
  feedback: CheckFeedback;
  confidence: Confidence | null;
  /** The question's options as this taker sees them: the key's options are shown with their letters. */
  options?: string[];
  /** The same options in the language shown (a translation keeps their order). */
  shownOptions?: string[] | undefined;
  lang?: string | undefined;
  /** The question's own language: what an untranslated text is in. */
  original?: string | undefined;
}) {
  const optionLang = shownOptions ? lang : original;
  const option = (text: string) => {
    const at = options.indexOf(text);
    return at === -1 ? (
      <MathText text={text} />
    ) : (
      <span lang={optionLang}>
        <OptionText index={at} text={shownOptions?.[at] ?? text} />
      </span>
    );
  };
  const { correct, outcome, score, maxScore, key } = feedback;
  const translated = lang ? feedback.translatedExplanations?.[lang] : undefined;
  const explanation = translated ?? feedback.explanation;
  const explanationLang = translated !== undefined ? lang : original;
  return (
    <Box role="status" aria-live="polite" sx={{ mt: 2 }}>
      <Alert
        severity={correct ? 'success' : outcome === 'Partially Correct' ? 'warning' : 'error'}
        icon={correct ? <CheckCircleOutlinedIcon /> : <CloseIcon />}
      >
        <Typography component="p" sx={{ fontWeight: 700 }}>
          {correct ? 'Correct' : outcome === 'Partially Correct' ? 'Partially correct' : 'Incorrect'}
          {score !== null && !(correct && score < maxScore) && ` (${signed(score)} of ${maxScore})`}
        </Typography>
        {/* Right on a later try: the first try's mark is the one that counts (decision 0016). */}
        {correct && (score === null || score < maxScore) && (
          <Typography variant="body2">
            Your first try counts: {score === null ? 'not attempted' : `${signed(score)} of ${maxScore}`}.
          </Typography>
        )}
        {confidence && (
          <Typography variant="body2">You said you were {CONFIDENCE_TEXT[confidence]}.</Typography>
        )}
      </Alert>
      <Typography component="h3" variant="subtitle2" sx={{ fontWeight: 700, mt: 1.5 }}>
        Answer key
      </Typography>
      {key.correctOptions.length > 1 ? (
        <Box component="ul" sx={{ my: 0.5 }}>
          {key.correctOptions.map((text) => (
            <li key={text}>{option(text)}</li>
          ))}
        </Box>
      ) : (
        <div>
          {key.correctOptions[0] ? option(key.correctOptions[0]) : <MathText text={key.baseAnswer} />}
        </div>
      )}
      <Typography component="h3" variant="subtitle2" sx={{ fontWeight: 700, mt: 1.5 }}>
        Explanation
      </Typography>
      {explanation ? (
        <MathText component="div" text={explanation} lang={explanationLang} />
      ) : (
        <Typography color="text.secondary">{uiTexts.explanationNotAvailable}</Typography>
      )}
    </Box>
  );
}
