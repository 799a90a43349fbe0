import { extraTimeSentence, hasExtraTime } from '@ai-tutor/contract';
import { Box, Checkbox, FormControlLabel, Typography } from '@mui/material';
import { useId, type ReactNode } from 'react';
import { useGetAccommodationsQuery } from '../api/get-accommodations';
import { DefaultLanguage } from './DefaultLanguage';

/** What the instructions screen says about one test (docs/product.md#test-instructions). */
export interface TestInstructionsInfo {
  durationMinutes: number;
  questionCount: number;
  /** The marking scheme's label, e.g. "+4 for a correct answer, −1 for a wrong one, 0 if not answered". */
  markingScheme: string;
  /** A live test's window closes at this instant (ISO); its deadline is the earlier of the two. */
  closesAt?: string;
  /** The paper's languages, when it has more than one: the learner picks the one it opens in. */
  languages?: string[];
}

/** The declaration a learner ticks before a mock or live test starts (as NTA's computer-based tests ask). */
export const DECLARATION =
  'I have read and understood the instructions. I agree that in case of not adhering to them, I may be ' +
  'disqualified from this test.';

const closing = (iso: string) =>
  new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

interface TestInstructionsProps {
  info: TestInstructionsInfo;
  /** The quiz palette's legend, composed in by the route (features do not import each other). */
  legend?: ReactNode;
  declared: boolean;
  onDeclared: (declared: boolean) => void;
}

/**
 * The instructions before a mock or live test: duration, number of questions, the marking scheme, the
 * palette legend and the declaration checkbox that unlocks Start.
 */
export function TestInstructions({ info, legend, declared, onDeclared }: TestInstructionsProps) {
  const headingId = useId();
  const { durationMinutes, questionCount, markingScheme, closesAt, languages } = info;
  // Extra time the institute gave this learner: said in a plain sentence (none: nothing is said).
  const { data: extra } = useGetAccommodationsQuery();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 2 }}>
      <Typography id={headingId} variant="h6" component="h3" sx={{ fontWeight: 700 }}>
        Instructions
      </Typography>
      <Box component="ul" sx={{ pl: 2.5, my: 1, '& li': { mb: 0.5 } }}>
        <li>
          Duration:{' '}
          <strong>
            {durationMinutes} minute{durationMinutes === 1 ? '' : 's'}
          </strong>
          . The timer at the top counts down; when it reaches zero your test is submitted as it stands.
          {closesAt && ` This live test closes at ${closing(closesAt)}, which ends it if that comes first.`}
        </li>
        {hasExtraTime(extra) && <li>{extraTimeSentence(durationMinutes, extra)}</li>}
        <li>
          Questions: <strong>{questionCount}</strong>. Move between them with Save &amp; Next or the question
          palette; you can change an answer until you submit.
        </li>
        <li>
          Marking scheme: <strong>{markingScheme}</strong>.
        </li>
        <li>Mark for Review flags a question to come back to; a marked answer still counts.</li>
      </Box>
      {languages && <DefaultLanguage languages={languages} />}
      {legend && (
        <>
          <Typography variant="subtitle2" component="h4" sx={{ mt: 1.5, mb: 1 }}>
            The question palette shows each question&apos;s state:
          </Typography>
          {legend}
        </>
      )}
      <FormControlLabel
        sx={{ mt: 2, alignItems: 'flex-start' }}
        control={
          <Checkbox
            checked={declared}
            onChange={(event) => onDeclared(event.target.checked)}
            sx={{ mt: -0.75 }}
          />
        }
        label={DECLARATION}
      />
    </Box>
  );
}
