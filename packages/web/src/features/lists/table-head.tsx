/** The header row of a list table; a column without a visible title is named for screen readers. */
export function TableHead({
  columns,
}: {
  columns: readonly { title: string; hidden?: boolean }[];
}) {
  return (
    <thead className="bg-zinc-50 text-left text-xs font-medium tracking-wide text-zinc-500 uppercase">
      <tr>
        {columns.map((column) => (
          <th key={column.title} scope="col" className="px-4 py-3">
            {column.hidden ? <span className="sr-only">{column.title}</span> : column.title}
          </th>
        ))}
      </tr>
    </thead>
  );
}
