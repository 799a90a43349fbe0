import {
  BANK_STATUSES,
  QUESTION_TYPES,
  type BankQuery,
  type BankRow,
  type BankStatus,
  type QuestionType,
} from '@ai-tutor/contract';
import {
  Alert,
  Box,
  Checkbox,
  FormControlLabel,
  Link,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { GridColDef, GridRowSelectionModel, GridSortModel } from '@mui/x-data-grid';
import { useDeferredValue, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useGetQuestionsQuery } from '../api/get-questions';
import { consolePath } from '../sections';
import { BankBulkBar } from './BankBulkBar';
import { ServerGrid, useServerPage } from './ServerGrid';

const TYPE_LABELS: Record<QuestionType, string> = {
  single: 'Single correct',
  multiple: 'Multiple correct',
  numerical: 'Numerical',
  text: 'Text',
};
const STATUS_LABELS: Record<BankStatus, string> = {
  draft: 'Draft',
  review: 'In review',
  approved: 'Approved',
  retired: 'Retired',
  dropped: 'Dropped',
};
const NOTHING_SELECTED: GridRowSelectionModel = { type: 'include', ids: new Set() };
/** Grid columns the server sorts by, and the `sort` it takes for each. */
const SORTS: Record<string, NonNullable<BankQuery['sort']>> = {
  updatedAt: 'updated',
  facility: 'difficulty',
  answers: 'answers',
  openReports: 'reports',
};

const percent = (value: number | null) =>
  value === null ? 'No answers yet' : `${Math.round(value * 100)} % right`;

const columns: GridColDef<BankRow>[] = [
  {
    field: 'text',
    headerName: 'Question',
    flex: 1,
    minWidth: 260,
    sortable: false,
    // The text opens the question in the editor (docs/question-bank.md#editing).
    renderCell: ({ row }) => (
      <Link component={RouterLink} to={consolePath(`questions/${row.id}`)}>
        {row.text}
      </Link>
    ),
  },
  {
    field: 'place',
    headerName: 'Where',
    width: 220,
    sortable: false,
    valueGetter: (_value, row) => [row.exam, row.subject, row.topic ?? 'No topic'].join(' › '),
  },
  {
    field: 'type',
    headerName: 'Type',
    width: 130,
    sortable: false,
    valueFormatter: (value: QuestionType) => TYPE_LABELS[value],
  },
  {
    field: 'status',
    headerName: 'Status',
    width: 100,
    sortable: false,
    valueFormatter: (value: BankStatus) => STATUS_LABELS[value],
  },
  { field: 'facility', headerName: 'Difficulty', width: 130, valueFormatter: percent },
  { field: 'answers', headerName: 'Answers', width: 100, type: 'number' },
  { field: 'openReports', headerName: 'Open reports', width: 120, type: 'number' },
  {
    field: 'hasFigure',
    headerName: 'Figure',
    width: 80,
    sortable: false,
    valueFormatter: (value: boolean) => (value ? 'Yes' : 'No'),
  },
  {
    field: 'updatedAt',
    headerName: 'Changed',
    width: 170,
    valueFormatter: (value: string) => new Date(value).toLocaleString(),
  },
];

/**
 * The question bank (editors): a page at a time from the server, found by words in a question's
 * text, options or explanation (the start of a word is enough), filtered by type, status, figures and
 * open reports, sorted by the server. Difficulty is the share of learners' answers that were right.
 */
export function BankScreen() {
  const page = useServerPage();
  const [search, setSearch] = useState('');
  const [type, setType] = useState<QuestionType | ''>('');
  const [status, setStatus] = useState<BankStatus | ''>('');
  const [withFigure, setWithFigure] = useState(false);
  const [withReports, setWithReports] = useState(false);
  const [sortModel, setSortModel] = useState<GridSortModel>([{ field: 'updatedAt', sort: 'desc' }]);
  const [selection, setSelection] = useState<GridRowSelectionModel>(NOTHING_SELECTED);
  const words = useDeferredValue(search.trim());
  const sorted = sortModel[0];
  const { data, isFetching, isError, refetch } = useGetQuestionsQuery({
    ...page.query,
    ...(words ? { search: words } : {}),
    ...(type ? { type } : {}),
    ...(status ? { status } : {}),
    ...(withFigure ? { hasFigure: 'true' as const } : {}),
    ...(withReports ? { hasReports: 'true' as const } : {}),
    ...(sorted && SORTS[sorted.field] ? { sort: SORTS[sorted.field], order: sorted.sort ?? 'desc' } : {}),
  });

  // The ticked rows of this page ('select all' ticks the page: the grid then lists those left out).
  const selectedIds = (data?.rows ?? [])
    .map((row) => row.id)
    .filter((id) => (selection.type === 'include' ? selection.ids.has(id) : !selection.ids.has(id)));
  const filter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setSelection(NOTHING_SELECTED);
      page.toFirstPage();
    };

  return (
    <Box>
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        Question bank
      </Typography>
      <Stack
        component="search"
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ mb: 2 }}
        alignItems={{ md: 'center' }}
        flexWrap="wrap"
        useFlexGap
      >
        <TextField
          label="Search"
          helperText="Words in the text, options or explanation"
          value={search}
          onChange={(event) => filter(setSearch)(event.target.value)}
          size="small"
        />
        <TextField
          select
          label="Type"
          value={type}
          onChange={(event) => filter(setType)(event.target.value as QuestionType | '')}
          size="small"
          sx={{ minWidth: 170 }}
        >
          <MenuItem value="">Any type</MenuItem>
          {QUESTION_TYPES.map((value) => (
            <MenuItem key={value} value={value}>
              {TYPE_LABELS[value]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Status"
          value={status}
          onChange={(event) => filter(setStatus)(event.target.value as BankStatus | '')}
          size="small"
          sx={{ minWidth: 140 }}
        >
          <MenuItem value="">Any status</MenuItem>
          {BANK_STATUSES.map((value) => (
            <MenuItem key={value} value={value}>
              {STATUS_LABELS[value]}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={<Checkbox checked={withFigure} onChange={(_e, on) => filter(setWithFigure)(on)} />}
          label="With a figure"
        />
        <FormControlLabel
          control={<Checkbox checked={withReports} onChange={(_e, on) => filter(setWithReports)(on)} />}
          label="With open reports"
        />
      </Stack>
      <BankBulkBar
        ids={selectedIds}
        onDone={() => {
          setSelection(NOTHING_SELECTED);
          void refetch();
        }}
      />
      {isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          The questions could not be loaded. Try again in a moment.
        </Alert>
      )}
      <ServerGrid
        label="Question bank"
        columns={columns}
        data={data}
        loading={isFetching}
        page={{
          pagination: page.pagination,
          setPagination: (model) => {
            setSelection(NOTHING_SELECTED);
            page.setPagination(model);
          },
        }}
        selection={{ model: selection, onChange: setSelection }}
        hiddenWhenNarrow={['place', 'type', 'answers', 'openReports', 'hasFigure', 'updatedAt']}
        tallRows
        sorting={{
          model: sortModel,
          onChange: (model) => {
            setSortModel(model);
            page.toFirstPage();
          },
        }}
      />
    </Box>
  );
}
