import './question-table.css';
import { uiTexts, type ResultEvaluation } from '@ai-tutor/contract';
import { Box, Collapse, Paper, Typography, useMediaQuery, type Theme } from '@mui/material';
import { Fragment, memo, useState, type MouseEvent, type ReactNode } from 'react';
import { MathText } from '../../../components/ui/MathText';
import { CorrectAnswer, YourAnswer } from './ResultAnswers';
import { TabList } from '../../../components/ui/TabList';
import { rowStatus, type QuestionGroup } from '../lib/analysis';
import { ScrollableTable } from '../../../components/ui/ScrollableTable';
import { ScrollLine } from '../../../components/ui/ScrollLine';
import { useShownLanguage } from '../lib/shown-language';
import { StatusChip } from './status';

const COLUMNS = ['#', 'Question', 'Your Answer', 'Correct Answer', 'Status', 'Details'] as const;
// Material's ExpandLess / ExpandMore.
const LESS = 'm12 8-6 6 1.41 1.41L12 10.83l4.59 4.58L18 14z';
const MORE = 'M16.59 8.59 12 13.17 7.41 8.59 6 10l6 6 6-6z';

/** Extra content under a row's explanation, supplied by the route (the AI tutor lives in its own feature). */
export type RowExtra = (evaluation: ResultEvaluation) => ReactNode;

interface QuestionProps {
  evaluation: ResultEvaluation;
  number: number;
  rowExtra?: RowExtra | undefined;
}

/**
 * A question's open state. The whole row (or card) opens on click; for the keyboard, its Details
 * button (Enter or Space) does the same.
 */
function useOpen() {
  const [open, setOpen] = useState(false);
  const toggle = () => setOpen((o) => !o);
  const onClick = (event: MouseEvent<HTMLElement>) => {
    if ((event.target as Element).closest('button')) return;
    toggle();
  };
  return { open, toggle, onClick };
}

/** The outcome in words and the question's marks under the session's scheme ("1 / 4 marks"). */
function Status({ evaluation }: { evaluation: ResultEvaluation }) {
  return (
    <span className="status-cell">
      <StatusChip status={rowStatus(evaluation)} />
      <span className="marks">
        {evaluation.score ?? 0} / {evaluation.maxScore} marks
      </span>
    </span>
  );
}

function ToggleIcon({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={open ? LESS : MORE} fill="currentColor" />
    </svg>
  );
}

function Explanation({
  id,
  evaluation,
  rowExtra,
  heading,
}: QuestionProps & { id: string; heading: 'h3' | 'h4' }) {
  const lang = useShownLanguage();
  return (
    <Collapse in appear>
      <Box id={id} sx={{ py: 2, px: 1 }}>
        {evaluation.baseQuestion.passage && (
          <>
            <Typography component={heading} variant="subtitle2" sx={{ fontWeight: 700, mb: 0.5 }}>
              Passage
            </Typography>
            <MathText component="div" text={evaluation.baseQuestion.passage} lang={lang} sx={{ mb: 1.5 }} />
          </>
        )}
        <Typography component={heading} variant="subtitle2" sx={{ fontWeight: 700, mb: 0.5 }}>
          Explanation
        </Typography>
        {evaluation.explanation ? (
          <MathText component="div" text={evaluation.explanation} lang={lang} />
        ) : (
          <Typography variant="body2" color="text.secondary">
            {uiTexts.explanationNotAvailable}
          </Typography>
        )}
        {evaluation.gradingNote && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {evaluation.gradingNote}
          </Typography>
        )}
        {rowExtra && <Box sx={{ mt: 1.5 }}>{rowExtra(evaluation)}</Box>}
      </Box>
    </Collapse>
  );
}

/** One question as a table row, plain elements styled by question-table.css (MUI's cells cost ~6 ms a row). */
const QuestionRow = memo(function QuestionRow({ evaluation, number, rowExtra }: QuestionProps) {
  const lang = useShownLanguage();
  const { open, toggle, onClick } = useOpen();
  const detailsId = `explanation-${evaluation._id}`;
  return (
    <Fragment>
      <tr
        className={open ? 'question-row open' : 'question-row'}
        onClick={onClick}
        data-testid={`question-row-${number}`}
      >
        <td>{number}</td>
        <td>
          <MathText text={evaluation.baseQuestion.questionText} lang={lang} />
        </td>
        <td>
          <YourAnswer evaluation={evaluation} />
        </td>
        <td>
          <CorrectAnswer evaluation={evaluation} />
        </td>
        <td>
          <Status evaluation={evaluation} />
        </td>
        <td className="center toggle-cell">
          <button
            type="button"
            className="row-toggle"
            onClick={toggle}
            aria-expanded={open}
            aria-controls={open ? detailsId : undefined}
            aria-label={`Explanation for question ${number}`}
          >
            <ToggleIcon open={open} />
          </button>
        </td>
      </tr>
      {/* Only an open row has its explanation row: a result of 75 questions renders 75 rows, not 150. */}
      {open && (
        <tr className="explanation-row">
          <td colSpan={COLUMNS.length} className="explanation-cell">
            <Explanation
              id={detailsId}
              evaluation={evaluation}
              number={number}
              rowExtra={rowExtra}
              heading="h3"
            />
          </td>
        </tr>
      )}
    </Fragment>
  );
});

/** One question as a card on a phone: every part on its own line, nothing cut. */
const QuestionCard = memo(function QuestionCard({ evaluation, number, rowExtra }: QuestionProps) {
  const lang = useShownLanguage();
  const { open, toggle, onClick } = useOpen();
  const detailsId = `explanation-${evaluation._id}`;
  return (
    <li className="question-card" onClick={onClick} data-testid={`question-row-${number}`}>
      <div className="qc-head">
        <h3 className="qc-number">Question {number}</h3>
        <Status evaluation={evaluation} />
      </div>
      <ScrollLine className="qc-scroll">
        <MathText text={evaluation.baseQuestion.questionText} lang={lang} />
      </ScrollLine>
      <dl className="qc-answers">
        <dt>Your Answer</dt>
        <ScrollLine as="dd" className="qc-scroll">
          <YourAnswer evaluation={evaluation} />
        </ScrollLine>
        <dt>Correct Answer</dt>
        <ScrollLine as="dd" className="qc-scroll">
          <CorrectAnswer evaluation={evaluation} />
        </ScrollLine>
      </dl>
      <button
        type="button"
        className="qc-toggle"
        onClick={toggle}
        aria-expanded={open}
        aria-controls={open ? detailsId : undefined}
        aria-label={`Explanation for question ${number}`}
      >
        Explanation
        <ToggleIcon open={open} />
      </button>
      {open && (
        <Explanation
          id={detailsId}
          evaluation={evaluation}
          number={number}
          rowExtra={rowExtra}
          heading="h4"
        />
      )}
    </li>
  );
});

/**
 * Questions Overview: a tab per subject with its count, the first selected; the questions of the tab as
 * a table (the columns of docs/product.md#result-screen) on a wide screen and as cards on a phone, each opening to its explanation.
 */
export function QuestionsOverview({
  evaluations,
  groups,
  rowExtra,
}: {
  evaluations: ResultEvaluation[];
  groups: QuestionGroup[];
  rowExtra?: RowExtra | undefined;
}) {
  const [tab, setTab] = useState(0);
  // Six columns of maths need ~46rem; below the md breakpoint a table would be cut or scroll sideways.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  const group = groups[tab] ?? groups[0];
  const label = group ? `${group.label} questions` : '';
  const questions = (group?.indexes ?? []).map((index) => ({
    evaluation: evaluations[index]!,
    number: index + 1,
  }));
  return (
    <Paper component="section" aria-labelledby="overview-heading" sx={{ p: 2 }}>
      <Typography id="overview-heading" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
        Questions Overview
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {uiTexts.clickQuestionHint}
      </Typography>
      <TabList
        label="Subjects"
        value={Math.min(tab, Math.max(0, groups.length - 1))}
        onChange={setTab}
        tabs={groups.map((g, i) => ({
          id: `overview-tab-${i}`,
          label: `${g.label} (${g.indexes.length})`,
          controls: `overview-panel-${i}`,
        }))}
      />
      {group && (
        <Box role="tabpanel" id={`overview-panel-${tab}`} aria-labelledby={`overview-tab-${tab}`}>
          {phone ? (
            <ol className="question-cards" aria-label={label}>
              {questions.map((q) => (
                <QuestionCard key={q.evaluation._id} {...q} rowExtra={rowExtra} />
              ))}
            </ol>
          ) : (
            <ScrollableTable label={label}>
              <table className="question-table" aria-label={label}>
                <thead>
                  <tr>
                    {COLUMNS.map((c) => (
                      <th key={c} scope="col" className={c === 'Details' ? 'center' : undefined}>
                        {c}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {questions.map((q) => (
                    <QuestionRow key={q.evaluation._id} {...q} rowExtra={rowExtra} />
                  ))}
                </tbody>
              </table>
            </ScrollableTable>
          )}
        </Box>
      )}
    </Paper>
  );
}
