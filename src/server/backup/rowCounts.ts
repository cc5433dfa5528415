/** The rows a backup's manifest counts, so a restore can be checked against it. Plain SQL both databases run. */
export const COUNT_ROWS_SQL = 'select (select count(*) from runs) as runs, (select count(*) from step_results) as step_results';

export interface RowCounts {
  runs: number;
  stepResults: number;
}

/** COUNT_ROWS_SQL's row (PostgreSQL answers bigint counts as text). */
export function rowCountsOf(row: unknown): RowCounts {
  const { runs, step_results } = row as { runs: number | string; step_results: number | string };
  return { runs: Number(runs), stepResults: Number(step_results) };
}
