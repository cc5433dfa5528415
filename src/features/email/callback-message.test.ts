import { describe, expect, it } from 'vitest';
import { EMAIL_MESSAGES } from '../../shared/contracts/email';
import { isCallbackMessage } from './callback-message';

describe('isCallbackMessage', () => {
  it("accepts the callback's own messages, with or without a provider error code", () => {
    expect(isCallbackMessage(EMAIL_MESSAGES.accountFailed)).toBe(true);
    expect(isCallbackMessage(EMAIL_MESSAGES.accountOtherBrowser)).toBe(true);
    expect(isCallbackMessage(`${EMAIL_MESSAGES.accountFailed} (access_denied)`)).toBe(true);
  });

  it('refuses text a link could carry to the page', () => {
    expect(isCallbackMessage('Your account is locked: call +1 555 0100')).toBe(false);
    expect(isCallbackMessage(`${EMAIL_MESSAGES.accountFailed} (call +1 555 0100)`)).toBe(false);
    expect(isCallbackMessage(`${EMAIL_MESSAGES.accountFailed} (access_denied) and more`)).toBe(false);
    expect(isCallbackMessage(`${EMAIL_MESSAGES.accountFailed} (`)).toBe(false);
  });
});
