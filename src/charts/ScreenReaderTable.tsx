export interface ScreenReaderTableProps {
  caption: string;
  headers: readonly string[];
  /** Rows of cells, the first cell naming the row. */
  rows: readonly (readonly string[])[];
}

/** The chart's numbers as a plain table that only screen readers reach, for those who cannot explore the marks. */
export function ScreenReaderTable({ caption, headers, rows }: ScreenReaderTableProps) {
  return (
    <table className="ui-visually-hidden">
      <caption>{caption}</caption>
      <thead>
        <tr>
          {headers.map((header, index) => (
            <th key={index} scope="col">
              {header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(([name = '', ...cells], rowIndex) => (
          <tr key={rowIndex}>
            <th scope="row">{name}</th>
            {cells.map((cell, index) => (
              <td key={index}>{cell}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
