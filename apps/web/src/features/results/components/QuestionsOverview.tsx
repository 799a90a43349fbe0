import './question-table.css';
import { uiTexts, type ResultEvaluation } from '@ai-tutor/contract';
import { Box, Collapse, Paper, Typography } from '@mui/material';
import { Fragment, memo, useState, type MouseEvent, type ReactNode } from 'react';
import { MathText } from '../../../components/ui/MathText';
import { TabList } from '../../../components/ui/TabList';
import { useRevealedCount } from '../../../hooks/use-revealed-count';
import { rowStatus, type QuestionGroup } from '../lib/analysis';
import { ScrollableTable } from './ScrollableTable';
import { StatusChip } from './status';

const COLUMNS = ['#', 'Question', 'Your Answer', 'Correct Answer', 'Status', 'Details'] as const;
/**
 * Rows added per drawn frame: each row holds a few formulas (~65 boxes), and its maths is rendered by
 * KaTeX as it is added. One a frame keeps every frame's work short on a slow phone.
 */
const ROWS_PER_FRAME = 1;
// Material's ExpandLess / ExpandMore.
const LESS = 'm12 8-6 6 1.41 1.41L12 10.83l4.59 4.58L18 14z';
const MORE = 'M16.59 8.59 12 13.17 7.41 8.59 6 10l6 6 6-6z';

/** Extra content under a row's explanation, supplied by the route (the AI tutor lives in its own feature). */
export type RowExtra = (evaluation: ResultEvaluation) => ReactNode;

/** One question's row, as plain elements styled by question-table.css; memo: rows are added a few at a time. */
const QuestionRow = memo(function QuestionRow({
  evaluation,
  number,
  rowExtra,
}: {
  evaluation: ResultEvaluation;
  number: number;
  rowExtra?: RowExtra | undefined;
}) {
  const [open, setOpen] = useState(false);
  const detailsId = `explanation-${evaluation._id}`;
  const toggle = () => setOpen((o) => !o);
  // The whole row opens on click; for the keyboard, the Details button (Enter or Space) does the same.
  const onRowClick = (event: MouseEvent<HTMLDivElement>) => {
    if ((event.target as Element).closest('button')) return;
    toggle();
  };
  const answered = evaluation.userAnswer !== null && evaluation.userAnswer.trim() !== '';
  return (
    <Fragment>
      <div
        role="row"
        className={open ? 'qt-row question-row open' : 'qt-row question-row'}
        onClick={onRowClick}
        data-testid={`question-row-${number}`}
      >
        <div role="cell">{number}</div>
        <div role="cell">
          <MathText text={evaluation.baseQuestion.questionText} />
        </div>
        <div role="cell">
          {answered ? (
            <MathText text={evaluation.userAnswer ?? ''} />
          ) : (
            <span className="not-answered">{uiTexts.notAnswered}</span>
          )}
        </div>
        <div role="cell">
          <MathText text={evaluation.baseAnswer} />
        </div>
        <div role="cell">
          <StatusChip status={rowStatus(evaluation)} />
        </div>
        <div role="cell" className="center toggle-cell">
          <button
            type="button"
            className="row-toggle"
            onClick={toggle}
            aria-expanded={open}
            aria-controls={open ? detailsId : undefined}
            aria-label={`Explanation for question ${number}`}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d={open ? LESS : MORE} fill="currentColor" />
            </svg>
          </button>
        </div>
      </div>
      {/* Only an open row has its explanation row: a result of 75 questions renders 75 rows, not 150. */}
      {open && (
        <div role="row" className="explanation-row">
          <div role="cell" aria-colspan={COLUMNS.length} className="explanation-cell">
            <Collapse in appear>
              <Box id={detailsId} sx={{ py: 2, px: 1 }}>
                <Typography component="h3" variant="subtitle2" sx={{ fontWeight: 700, mb: 0.5 }}>
                  Explanation
                </Typography>
                {evaluation.explanation ? (
                  <MathText component="div" text={evaluation.explanation} />
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
          </div>
        </div>
      )}
    </Fragment>
  );
});

/** Questions Overview: a tab per subject with its count, the answer table, rows that open to the explanation. */
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
  const group = groups[tab] ?? groups[0];
  const shownRows = useRevealedCount(group?.indexes.length ?? 0, ROWS_PER_FRAME, group?.key);
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
          <ScrollableTable label={`${group.label} questions`}>
            <div role="table" className="question-table" aria-label={`${group.label} questions`}>
              <div role="rowgroup">
                <div role="row" className="qt-row qt-head">
                  {COLUMNS.map((c) => (
                    <div key={c} role="columnheader" className={c === 'Details' ? 'center' : undefined}>
                      {c}
                    </div>
                  ))}
                </div>
              </div>
              <div role="rowgroup">
                {group.indexes.slice(0, shownRows).map((index) => (
                  <QuestionRow
                    key={evaluations[index]!._id}
                    evaluation={evaluations[index]!}
                    number={index + 1}
                    rowExtra={rowExtra}
                  />
                ))}
              </div>
            </div>
          </ScrollableTable>
        </Box>
      )}
    </Paper>
  );
}
