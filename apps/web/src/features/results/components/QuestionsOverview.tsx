import { uiTexts, type ResultEvaluation } from '@ai-tutor/contract';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  Box,
  Collapse,
  IconButton,
  Paper,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tabs,
  Typography,
} from '@mui/material';
import { Fragment, useState, type MouseEvent, type ReactNode } from 'react';
import { MathText } from '../../../components/ui/MathText';
import { rowStatus, type QuestionGroup } from '../lib/analysis';
import { ScrollableTable } from './ScrollableTable';
import { StatusChip } from './status';

const COLUMNS = ['#', 'Question', 'Your Answer', 'Correct Answer', 'Status', 'Details'] as const;

/** Extra content under a row's explanation, supplied by the route (the AI tutor lives in its own feature). */
export type RowExtra = (evaluation: ResultEvaluation) => ReactNode;

function QuestionRow({
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
  const onRowClick = (event: MouseEvent<HTMLTableRowElement>) => {
    if ((event.target as Element).closest('button')) return;
    toggle();
  };
  const answered = evaluation.userAnswer !== null && evaluation.userAnswer.trim() !== '';
  return (
    <Fragment>
      <TableRow
        hover
        onClick={onRowClick}
        data-testid={`question-row-${number}`}
        sx={{
          cursor: 'pointer',
          verticalAlign: 'top',
          '& > td': { borderBottom: open ? 'none' : undefined },
        }}
      >
        <TableCell>{number}</TableCell>
        <TableCell sx={{ minWidth: 200 }}>
          <MathText text={evaluation.baseQuestion.questionText} />
        </TableCell>
        <TableCell>
          {answered ? (
            <MathText text={evaluation.userAnswer ?? ''} />
          ) : (
            <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
              {uiTexts.notAnswered}
            </Typography>
          )}
        </TableCell>
        <TableCell>
          <MathText text={evaluation.baseAnswer} />
        </TableCell>
        <TableCell>
          <StatusChip status={rowStatus(evaluation)} />
        </TableCell>
        <TableCell align="center" sx={{ py: 0.5 }}>
          <IconButton
            size="small"
            onClick={toggle}
            aria-expanded={open}
            aria-controls={open ? detailsId : undefined}
            aria-label={`Explanation for question ${number}`}
          >
            {open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
          </IconButton>
        </TableCell>
      </TableRow>
      {/* Only an open row has its explanation row: a result of 75 questions renders 75 rows, not 150. */}
      {open && (
        <TableRow>
          <TableCell colSpan={COLUMNS.length} sx={{ py: 0 }}>
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
          </TableCell>
        </TableRow>
      )}
    </Fragment>
  );
}

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
  return (
    <Paper component="section" aria-labelledby="overview-heading" sx={{ p: 2 }}>
      <Typography id="overview-heading" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
        Questions Overview
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {uiTexts.clickQuestionHint}
      </Typography>
      <Tabs
        value={Math.min(tab, Math.max(0, groups.length - 1))}
        onChange={(_e, value: number) => setTab(value)}
        // Scrollable tabs measure the scrollbar (a forced layout); a quiz has at most three subjects.
        variant={groups.length > 3 ? 'scrollable' : 'standard'}
        scrollButtons="auto"
        aria-label="Subjects"
        sx={{ '& .MuiTab-root': { textTransform: 'none' } }}
      >
        {groups.map((g, i) => (
          <Tab
            key={g.key}
            value={i}
            label={`${g.label} (${g.indexes.length})`}
            id={`overview-tab-${i}`}
            aria-controls={`overview-panel-${i}`}
          />
        ))}
      </Tabs>
      {group && (
        <Box role="tabpanel" id={`overview-panel-${tab}`} aria-labelledby={`overview-tab-${tab}`}>
          <ScrollableTable label={`${group.label} questions`}>
            <Table size="small" aria-label={`${group.label} questions`}>
              <TableHead>
                <TableRow>
                  {COLUMNS.map((c) => (
                    <TableCell
                      key={c}
                      sx={{ fontWeight: 700 }}
                      align={c === 'Details' ? 'center' : undefined}
                    >
                      {c}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {group.indexes.map((index) => (
                  <QuestionRow
                    key={evaluations[index]!._id}
                    evaluation={evaluations[index]!}
                    number={index + 1}
                    rowExtra={rowExtra}
                  />
                ))}
              </TableBody>
            </Table>
          </ScrollableTable>
        </Box>
      )}
    </Paper>
  );
}
