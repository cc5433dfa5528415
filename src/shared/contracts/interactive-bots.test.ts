import { describe, expect, it } from 'vitest';
import { requestedIntent } from './interactive-bots';

describe('requestedIntent', () => {
  it('takes intent first, then text "run <intent>", then the whole text', () => {
    expect(requestedIntent({ intent: ' smoke ', text: 'run other' })).toBe('smoke');
    expect(requestedIntent({ text: 'run  nightly checks ' })).toBe('nightly checks');
    expect(requestedIntent({ text: 'RUN smoke' })).toBe('smoke');
    expect(requestedIntent({ text: ' smoke ' })).toBe('smoke');
    // "run" alone names no intent: it is the intent "run".
    expect(requestedIntent({ text: 'run' })).toBe('run');
  });

  it('answers undefined when nothing names an intent', () => {
    expect(requestedIntent({})).toBeUndefined();
    expect(requestedIntent({ intent: '  ', text: '   ' })).toBeUndefined();
  });
});
