import { analysisApiPaths, type ItemAnalysisData, type ItemAnalysisItem } from '@ai-tutor/contract';
import {
  Alert,
  Box,
  Chip,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { Link as RouterLink, useParams } from 'react-router';
import { errorMessage } from '../../../lib/base-query';
import {
  analysisApi,
  fillPath,
  useGetModuleItemAnalysisQuery,
  useGetTestItemAnalysisQuery,
} from '../api/analysis';
import { consolePath } from '../sections';
import { DownloadButtons, type Download } from './DownloadButtons';
import { ItemAnalysisHelp } from './ItemAnalysisHelp';

const fixed = (x: number | null, digits = 2) => (x === null ? '—' : x.toFixed(digits));
const percent = (x: number | null) => (x === null ? '—' : `${Math.round(x * 100)} %`);

function Summary({ test }: { test: ItemAnalysisData['test'] }) {
  const figures: [string, string][] = [
    ['Takers', String(test.takers)],
    ['Questions', String(test.items)],
    ['Mean', fixed(test.mean)],
    ['SD', fixed(test.sd)],
    ['SEM', fixed(test.sem)],
    [test.reliability?.method === 'alpha' ? "Cronbach's α" : 'KR-20', fixed(test.reliability?.value ?? null)],
    ['Top / bottom group', `${test.groupSize} each`],
  ];
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 3, my: 2 }} component="dl" aria-label="Test figures">
      {figures.map(([label, value]) => (
        <Box key={label}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}

function Options({ item }: { item: ItemAnalysisItem }) {
  if (item.options.length === 0) return <Typography variant="body2">Typed answer</Typography>;
  return (
    <Table size="small" aria-label={`Options of question ${item.number}`}>
      <TableHead>
        <TableRow>
          <TableCell>Option</TableCell>
          <TableCell align="right">Top</TableCell>
          <TableCell align="right">Bottom</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {item.options.map((o) => (
          <TableRow key={o.option}>
            <TableCell sx={{ fontWeight: o.key ? 700 : undefined }}>
              {o.key ? '★ ' : ''}
              {o.option}
            </TableCell>
            <TableCell align="right">{percent(o.top)}</TableCell>
            <TableCell align="right">{percent(o.bottom)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function ItemRow({ item }: { item: ItemAnalysisItem }) {
  const keyIssue = item.flags.some((f) => f.code === 'check-key' || f.code === 'open-reports');
  return (
    <TableRow sx={{ verticalAlign: 'top' }}>
      <TableCell>{item.number}</TableCell>
      <TableCell sx={{ minWidth: 220 }}>
        <Typography variant="body2">{item.text}</Typography>
        <Typography variant="caption" color="text.secondary">
          {[item.subject, item.topic].filter(Boolean).join(' · ')} · key {item.key}
          {item.dropped ? ' · dropped' : ''}
        </Typography>
        {item.flags.length > 0 && (
          <Stack spacing={0.5} sx={{ mt: 1 }} aria-label={`Flags of question ${item.number}`}>
            {item.flags.map((f) => (
              <Chip
                key={f.code}
                // Outlined in the warning colour, its text the body's: white on warning orange is 3:1.
                variant="outlined"
                size="small"
                label={f.message}
                sx={{
                  height: 'auto',
                  borderColor: 'warning.main',
                  '& .MuiChip-label': { whiteSpace: 'normal', py: 0.5 },
                }}
              />
            ))}
            {keyIssue && (
              // The question's own page (its reports and the key correction, dry run first): the
              // queue lists only reported questions, and a check-key flag often has no report.
              <Link component={RouterLink} to={consolePath(`reports/${item.questionId}`)}>
                Review reports and correct the key
              </Link>
            )}
          </Stack>
        )}
      </TableCell>
      <TableCell align="right">{fixed(item.facility)}</TableCell>
      <TableCell align="right">{fixed(item.discrimination)}</TableCell>
      <TableCell align="right">{fixed(item.pointBiserial)}</TableCell>
      <TableCell align="right">{percent(item.skipRate)}</TableCell>
      <TableCell align="right">
        {item.medianSeconds === null ? '—' : `${Math.round(item.medianSeconds)} s`}
      </TableCell>
      <TableCell sx={{ minWidth: 200 }}>
        <Options item={item} />
      </TableCell>
    </TableRow>
  );
}

export function ItemAnalysisView({ data, downloads }: { data: ItemAnalysisData; downloads: Download[] }) {
  const flagged = data.items.filter((i) => i.flags.length > 0).length;
  return (
    <>
      <Typography variant="h5" component="h2">
        Item analysis: {data.scope.name}
      </Typography>
      <Typography color="text.secondary">
        {data.scope.kind === 'module'
          ? "Over each learner's first mock test of this module."
          : 'Over every taker of this live test, including sessions the server completed at the close.'}
      </Typography>
      <Summary test={data.test} />
      <DownloadButtons downloads={downloads} />
      <ItemAnalysisHelp />
      <Alert severity={flagged ? 'warning' : 'success'} sx={{ mb: 2 }}>
        {flagged
          ? `${flagged} of ${data.items.length} questions are flagged; they are listed first.`
          : 'No question is flagged.'}
      </Alert>
      <TableContainer>
        <Table size="small" aria-label="Questions">
          <TableHead>
            <TableRow>
              <TableCell>#</TableCell>
              <TableCell>Question</TableCell>
              <TableCell align="right">p</TableCell>
              <TableCell align="right">D</TableCell>
              <TableCell align="right">r</TableCell>
              <TableCell align="right">Skipped</TableCell>
              <TableCell align="right">Median time</TableCell>
              <TableCell>Options (top / bottom 27 %)</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.items.map((item) => (
              <ItemRow key={item.questionId} item={item} />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}

function Failure({ error }: { error: unknown }) {
  return <Alert severity="error">{errorMessage(error, 'The analysis could not be loaded.')}</Alert>;
}

/** /admin/live-tests/:id/analysis: a live test's questions, flagged first, with its exports. */
export function TestItemAnalysisScreen() {
  const { id = '' } = useParams();
  // Asked again every few seconds while sessions are still to be completed (a taker who left without
  // submitting is completed by the server just after the close): the figures then count every taker.
  const cached = analysisApi.endpoints.getTestItemAnalysis.useQueryState(id);
  const pending = (cached.data?.notCompleted ?? 0) > 0;
  const { data, isLoading, error } = useGetTestItemAnalysisQuery(id, {
    pollingInterval: pending ? 5_000 : 0,
  });
  const notCompleted = data?.notCompleted ?? 0;
  if (isLoading) return <Typography>Loading…</Typography>;
  if (error || !data) return <Failure error={error} />;
  const name = data.scope.name;
  return (
    <>
      {notCompleted > 0 && (
        <Alert severity="info" role="status" sx={{ mb: 2 }}>
          {notCompleted === 1 ? '1 session is' : `${notCompleted} sessions are`} not completed yet: these
          figures count the {data.test.takers} completed ones and update by themselves.
        </Alert>
      )}
      <ItemAnalysisView
        data={data}
        downloads={[
          {
            label: 'Results (Excel)',
            path: fillPath(analysisApiPaths.testResultsXlsx, { id }),
            fileName: `${name}.xlsx`,
          },
          {
            label: 'Results (CSV)',
            path: fillPath(analysisApiPaths.testResultsCsv, { id }),
            fileName: `${name}.csv`,
          },
          {
            label: 'Item analysis (CSV)',
            path: fillPath(analysisApiPaths.testItemAnalysisCsv, { id }),
            fileName: `${name} item analysis.csv`,
          },
        ]}
      />
    </>
  );
}

/** /admin/modules/:slug/analysis: a module's questions over learners' first mock tests. */
export function ModuleItemAnalysisScreen() {
  const { slug = '' } = useParams();
  const { data, isLoading, error } = useGetModuleItemAnalysisQuery(slug);
  if (isLoading) return <Typography>Loading…</Typography>;
  if (error || !data) return <Failure error={error} />;
  return (
    <ItemAnalysisView
      data={data}
      downloads={[
        {
          label: 'Item analysis (CSV)',
          path: fillPath(analysisApiPaths.moduleItemAnalysisCsv, { slug }),
          fileName: `${data.scope.name} item analysis.csv`,
        },
      ]}
    />
  );
}
