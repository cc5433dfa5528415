import type { DataTableColumn, DataTableRow, DataTableValues } from './types';

function fieldText(row: object, key: string): string {
  const value = key in row ? (row as Record<string, unknown>)[key] : undefined;
  return value === null || value === undefined ? '' : String(value);
}

export function cellText<Row extends DataTableRow>(column: DataTableColumn<Row>, row: Row): string {
  return column.value ? column.value(row) : fieldText(row, column.key);
}

/** Case-insensitive: a row matches when any of the columns contains the query. */
export function matchesSearch<Row extends DataTableRow>(row: Row, columns: readonly DataTableColumn<Row>[], query: string): boolean {
  const needle = query.trim().toLowerCase();
  return needle === '' || columns.some((column) => cellText(column, row).toLowerCase().includes(needle));
}

/** Every non-empty column filter must be contained in that column's text. */
export function matchesFilters<Row extends DataTableRow>(row: Row, columns: readonly DataTableColumn<Row>[], filters: DataTableValues): boolean {
  return columns.every((column) => {
    const filter = filters[column.key]?.trim().toLowerCase();
    return !filter || cellText(column, row).toLowerCase().includes(filter);
  });
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The rows of a 1-based page. */
export function pageRows<Row>(rows: readonly Row[], page: number, pageSize: number): readonly Row[] {
  return rows.slice((page - 1) * pageSize, page * pageSize);
}

/** The first error key among the columns' validators, by column key; empty when all are valid. */
export function validationErrors<Row extends DataTableRow>(columns: readonly DataTableColumn<Row>[], values: DataTableValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const column of columns) {
    const error = column.validate?.(values[column.key] ?? '');
    if (error) errors[column.key] = error;
  }
  return errors;
}
