import { useMediaQuery, useTheme } from '@mui/material';
import {
  DataGrid,
  type GridColDef,
  type GridPaginationModel,
  type GridRowSelectionModel,
  type GridSortModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { useState } from 'react';

const PAGE_SIZES = [10, 25, 50, 100];

/**
 * The page a console grid shows, as the grid reads it (`pagination`, 0-based) and as the list
 * endpoints read it (`query`, 1-based); `toFirstPage` after a filter changes.
 */
export function useServerPage() {
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: 25 });
  return {
    pagination,
    setPagination,
    query: { page: pagination.page + 1, limit: pagination.pageSize },
    toFirstPage: () => setPagination((model) => ({ ...model, page: 0 })),
  };
}

interface ServerGridProps<Row extends GridValidRowModel> {
  label: string;
  columns: GridColDef<Row>[];
  data: { rows: Row[]; total: number } | undefined;
  loading: boolean;
  page: Pick<ReturnType<typeof useServerPage>, 'pagination' | 'setPagination'>;
  /** Columns left out below the md breakpoint, where a phone keeps those that say the most. */
  hiddenWhenNarrow?: string[];
  /** Rows grow to their content (cells that wrap). */
  tallRows?: boolean;
  /** Sorted by the server on the columns that are `sortable`; without it no column sorts. */
  sorting?: { model: GridSortModel; onChange: (model: GridSortModel) => void };
  /** Rows chosen with checkboxes for a bulk action; without it rows cannot be selected. */
  selection?: { model: GridRowSelectionModel; onChange: (model: GridRowSelectionModel) => void };
}

/**
 * A console list paged (and, given `sorting`, sorted) by the server, its rows selectable with checkboxes
 * given `selection`; no client filtering.
 */
export function ServerGrid<Row extends GridValidRowModel>({
  label,
  columns,
  data,
  loading,
  page,
  hiddenWhenNarrow = [],
  tallRows = false,
  sorting,
  selection,
}: ServerGridProps<Row>) {
  const narrow = useMediaQuery(useTheme().breakpoints.down('md'));
  // An empty grid has no cell to take the focus, so its scroller must not scroll (axe's
  // scrollable-region-focusable): the headers and the "no rows" overlay are all it holds.
  const still =
    (data?.rows.length ?? 0) === 0 ? { '& .MuiDataGrid-virtualScroller': { overflow: 'hidden' } } : {};
  return (
    <DataGrid
      aria-label={label}
      rows={data?.rows ?? []}
      columns={columns}
      rowCount={data?.total ?? 0}
      loading={loading}
      paginationMode="server"
      paginationModel={page.pagination}
      onPaginationModelChange={page.setPagination}
      pageSizeOptions={PAGE_SIZES}
      columnVisibilityModel={
        narrow ? Object.fromEntries(hiddenWhenNarrow.map((field) => [field, false])) : {}
      }
      {...(sorting
        ? { sortingMode: 'server' as const, sortModel: sorting.model, onSortModelChange: sorting.onChange }
        : { disableColumnSorting: true })}
      {...(selection
        ? {
            checkboxSelection: true,
            rowSelectionModel: selection.model,
            onRowSelectionModelChange: selection.onChange,
          }
        : {})}
      disableColumnFilter
      disableRowSelectionOnClick
      autoHeight
      {...(tallRows
        ? {
            getRowHeight: () => 'auto' as const,
            sx: { bgcolor: 'background.paper', '& .MuiDataGrid-cell': { py: 1 }, ...still },
          }
        : { sx: { bgcolor: 'background.paper', ...still } })}
    />
  );
}
