import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

/**
 * The server's structured log: one JSON object per line on standard output (DESIGN.md, Operating it), with ISO times.
 * Tests pass a destination to read what was written.
 */
export function createLogger(destination?: DestinationStream): Logger {
  return pino({ base: { service: 'studio-platform' }, timestamp: pino.stdTimeFunctions.isoTime }, destination);
}
