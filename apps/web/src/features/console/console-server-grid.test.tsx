import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ServerGrid } from './components/ServerGrid';

const columns = [
  { field: 'name', headerName: 'Name', width: 400 },
  { field: 'email', headerName: 'Email', width: 400 },
];
const page = { pagination: { page: 0, pageSize: 25 }, setPagination: () => {} };

const scroller = (grid: HTMLElement) => grid.querySelector<HTMLElement>('.MuiDataGrid-virtualScroller')!;

/** The shared console grid (every console table): axe's scrollable-region-focusable on an empty one. */
describe('ServerGrid', () => {
  it('an empty grid does not scroll (nothing in it takes the focus); one with rows does', async () => {
    const { rerender } = render(
      <ServerGrid
        label="People"
        columns={columns}
        data={{ rows: [], total: 0 }}
        loading={false}
        page={page}
      />,
    );
    const grid = await screen.findByRole('grid', { name: 'People' });
    expect(scroller(grid)).not.toBeNull();
    expect(getComputedStyle(scroller(grid)).overflow).toBe('hidden');
    expect(grid.querySelector('[role="gridcell"]')).toBeNull();

    rerender(
      <ServerGrid
        label="People"
        columns={columns}
        data={{ rows: [{ id: 1, name: 'Asha', email: 'asha@example.test' }], total: 1 }}
        loading={false}
        page={page}
      />,
    );
    await screen.findByText('Asha');
    expect(getComputedStyle(scroller(grid)).overflow).not.toBe('hidden');
  });

  it('a grid still loading with no rows does not scroll either', async () => {
    render(<ServerGrid label="People" columns={columns} data={undefined} loading page={page} />);
    const grid = await screen.findByRole('grid', { name: 'People' });
    expect(getComputedStyle(scroller(grid)).overflow).toBe('hidden');
  });
});
