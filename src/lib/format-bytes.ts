const UNITS = ['bytes', 'KB', 'MB', 'GB'] as const;

/** A file size for people: 512 bytes, 68.4 KB, 12.1 MB. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} bytes` : `${value.toFixed(1)} ${UNITS[unit]}`;
}
