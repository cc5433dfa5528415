import { describe, expect, it } from 'vitest';
import { FAILURE_SIGNATURE_MAX_LENGTH, failureSignature, normaliseFailureMessage } from './failure-signature';

describe('failureSignature', () => {
  it('starts with the step id and keeps the words of the message', () => {
    expect(failureSignature('login-3', 'Element #submit not visible')).toBe('login-3: Element #submit not visible');
  });

  it('masks numbers, so timeouts and counts of another run read the same', () => {
    expect(normaliseFailureMessage('Timeout 10000ms exceeded waiting for 3 elements (1.5 s)')).toBe(
      'Timeout <n>ms exceeded waiting for <n> elements (<n> s)',
    );
  });

  it('masks UUIDs and long hexadecimal ids', () => {
    expect(normaliseFailureMessage('Order 3f2b8c1e-9d4a-4e5f-8a7b-1c2d3e4f5a6b not found')).toBe('Order <id> not found');
    expect(normaliseFailureMessage('Session 5f1a2b3c4d5e6f7a8b9c0d1e expired')).toBe('Session <id> expired');
  });

  it('masks ISO dates and times and clock times', () => {
    expect(normaliseFailureMessage('Expected 2026-11-28T14:05:09.123Z, found 2026-11-27')).toBe('Expected <time>, found <time>');
    expect(normaliseFailureMessage('Banner says "Closed at 9:30 PM" since 14:05:09')).toBe('Banner says "Closed at <time>" since <time>');
  });

  it("masks a URL's query string but keeps its path", () => {
    expect(normaliseFailureMessage('Expected URL https://shop.test/cart?session=ab12&t=99 to be https://shop.test/done')).toBe(
      'Expected URL https://shop.test/cart?<query> to be https://shop.test/done',
    );
  });

  it('gives the same signature to the same failure on two runs, and different ones to different steps or messages', () => {
    const first = failureSignature('pay', 'Timeout 5000ms exceeded at 2026-11-01T10:00:00Z for order 7f0e1d2c-3b4a-4958-8776-655443322110');
    const second = failureSignature('pay', 'Timeout 7500ms exceeded at 2026-11-20T18:30:12Z for order 00000000-1111-4222-8333-444444444444');
    expect(first).toBe(second);
    expect(failureSignature('ship', 'Timeout 5000ms exceeded')).not.toBe(failureSignature('pay', 'Timeout 5000ms exceeded'));
    expect(failureSignature('pay', 'Element not visible')).not.toBe(failureSignature('pay', 'Element not found'));
  });

  it('collapses white space and cuts a long message', () => {
    expect(normaliseFailureMessage('  a \n\t b  ')).toBe('a b');
    expect(failureSignature('s', 'x'.repeat(2000))).toHaveLength(FAILURE_SIGNATURE_MAX_LENGTH);
  });
});
