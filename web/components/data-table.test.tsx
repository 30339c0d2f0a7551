import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataTable, type Column } from './data-table.tsx';

interface Pet {
  id: number;
  name: string;
  owner: string;
}
const columns: Column<Pet>[] = [
  { id: 'name', header: 'Pet', rowHeader: true, cell: (p) => p.name },
  { id: 'owner', header: 'Owner', cell: (p) => p.owner },
  { id: 'actions', header: 'Actions', hideHeader: true, cell: (p) => <button type="button">Edit {p.name}</button> },
];

describe('DataTable', () => {
  it('is a table named by its caption, each row named by its row header', () => {
    render(
      <DataTable
        caption="Patients"
        columns={columns}
        rows={[{ id: 1, name: 'Bruno', owner: 'Asha' }]}
        rowKey={(p) => p.id}
      />,
    );
    const table = screen.getByRole('table', { name: 'Patients' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Pet', 'Owner', 'Actions']);
    expect(within(table).getByRole('row', { name: /Bruno/ })).toHaveTextContent('Asha');
    expect(within(table).getByRole('rowheader', { name: 'Bruno' })).toBeInTheDocument();
  });

  it('shows the empty state instead of an empty table, and the loading state while loading', () => {
    const { rerender } = render(
      <DataTable
        caption="Patients"
        columns={columns}
        rows={[]}
        rowKey={(p) => p.id}
        loading
        loadingLabel="Loading pets…"
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading pets…');
    rerender(
      <DataTable caption="Patients" columns={columns} rows={[]} rowKey={(p) => p.id} empty={<p>No pets yet</p>} />,
    );
    expect(screen.getByText('No pets yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
