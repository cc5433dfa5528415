import { EMAIL_MESSAGES, PROVIDER_ERROR_CODE } from '../../shared/contracts/email';

/**
 * Only the callback's own messages are shown, optionally with a provider error code: anyone can send a link to this page,
 * and it must not display text of their choosing.
 */
export function isCallbackMessage(message: string): boolean {
  return [EMAIL_MESSAGES.accountFailed, EMAIL_MESSAGES.accountOtherBrowser].some(
    (known) => message === known || (message.startsWith(`${known} (`) && message.endsWith(')') && PROVIDER_ERROR_CODE.test(message.slice(known.length + 2, -1))),
  );
}
