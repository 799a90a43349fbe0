import {
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportGroup,
  type ReportStatusFilter,
} from '@ai-tutor/contract';
import { Alert, Box, Link, MenuItem, Stack, TextField, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useGetReportsQuery } from '../api/reports';
import { consolePath } from '../sections';
import { ServerGrid, useServerPage } from './ServerGrid';

const oneLine = (text: string) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
};

const columns: GridColDef<ReportGroup>[] = [
  {
    field: 'questionText',
    headerName: 'Question',
    flex: 2,
    minWidth: 220,
    renderCell: ({ row }) => (
      <Link component={RouterLink} to={consolePath(`reports/${row.id}`)}>
        {oneLine(row.questionText)}
      </Link>
    ),
  },
  { field: 'subject', headerName: 'Subject', width: 130 },
  { field: 'total', headerName: 'Reports', width: 90, type: 'number' },
  {
    field: 'reasons',
    headerName: 'Reasons',
    flex: 1,
    minWidth: 200,
    valueGetter: (_value, row) =>
      REPORT_REASONS.filter((reason) => row.reasons[reason])
        .map((reason) => `${REPORT_REASON_LABELS[reason]}: ${row.reasons[reason]}`)
        .join('; '),
  },
  {
    field: 'notes',
    headerName: 'Notes and who reported',
    flex: 2,
    minWidth: 240,
    valueGetter: (_value, row) =>
      row.reports
        .slice(0, 3)
        .map((report) => `${report.reporter.email}${report.note ? `: ${oneLine(report.note)}` : ''}`)
        .join(' · ') + (row.reports.length > 3 ? ` · and ${row.reports.length - 3} more` : ''),
  },
  {
    field: 'latestAt',
    headerName: 'Latest',
    width: 170,
    valueFormatter: (value: string) => new Date(value).toLocaleString(),
  },
];

const STATUS_LABELS: Record<ReportStatusFilter, string> = {
  open: 'Open',
  resolved: 'Resolved',
  all: 'All',
};

/**
 * Learners' reports, one row per question (most reported first), a page at a time from the server. A
 * question opens as learners saw it, with its reports and the key correction panel.
 */
export function ReportsScreen() {
  const page = useServerPage();
  const [status, setStatus] = useState<ReportStatusFilter>('open');
  const { data, isFetching, isError } = useGetReportsQuery({ ...page.query, status });
  return (
    <Box>
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        Reports
      </Typography>
      <Stack direction="row" spacing={2} sx={{ mb: 2 }}>
        <TextField
          select
          label="Status"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as ReportStatusFilter);
            page.toFirstPage();
          }}
          size="small"
          sx={{ minWidth: 160 }}
        >
          {(Object.keys(STATUS_LABELS) as ReportStatusFilter[]).map((value) => (
            <MenuItem key={value} value={value}>
              {STATUS_LABELS[value]}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          The reports could not be loaded. Try again in a moment.
        </Alert>
      )}
      <ServerGrid
        label="Reports"
        columns={columns}
        data={data}
        loading={isFetching}
        page={page}
        hiddenWhenNarrow={['subject', 'reasons', 'notes', 'latestAt']}
        tallRows
      />
    </Box>
  );
}
