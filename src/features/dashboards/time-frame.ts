/** The time frame maths moved to src/lib/time-frame.ts so the operations dashboard (issue 17) shares it. */
export * from '../../lib/time-frame';
