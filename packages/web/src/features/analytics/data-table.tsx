import { TableHead } from '../lists/table-head.tsx';

/** A chart's numbers as a table: what screen readers read, and what the CSV export writes. */
export function DataTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: readonly string[];
  rows: readonly (readonly string[])[];
}) {
  return (
    <div className="overflow-x-auto rounded-lg border border-zinc-200">
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <TableHead columns={columns.map((title) => ({ title }))} />
        <tbody className="divide-y divide-zinc-100">
          {rows.map((row, rowIndex) => (
            <tr key={rowIndex}>
              {row.map((cell, cellIndex) =>
                cellIndex === 0 ? (
                  <th
                    key={cellIndex}
                    scope="row"
                    className="max-w-64 truncate px-3 py-2 text-left font-normal text-zinc-800 sm:px-4"
                    title={cell}
                  >
                    {cell}
                  </th>
                ) : (
                  <td
                    key={cellIndex}
                    className="px-3 py-2 text-right whitespace-nowrap text-zinc-900 tabular-nums sm:px-4"
                  >
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
