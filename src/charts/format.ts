/** Values shown as text: whole numbers as they are, others to at most two decimals. */
export function formatValue(value: number): string {
  return Number.isInteger(value) ? String(value) : String(Math.round(value * 100) / 100);
}

/** A mark's accessible name: its category, its series (when that says more than the value's name) and its value. */
export function markLabel(category: string, series: string, valueLabel: string, value: number): string {
  const what = series === valueLabel ? valueLabel : `${series}, ${valueLabel}`;
  return `${category}, ${what}: ${formatValue(value)}`;
}
