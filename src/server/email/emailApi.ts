import { APP_BASE_PATH } from '../../shared/endpoints';
import type { EmailConfig } from '../../shared/contracts/email';

export const EMAIL_TAG = 'Email';

export const jsonBody = <T>(schema: T) => ({ required: true, content: { 'application/json': { schema } } });

export const configAnswer = (message: string, data: EmailConfig) => ({ success: true as const, message, data });

/** Where the account callback sends the browser: always this app page, never a URL the request names (no open redirect). */
export const EMAIL_SETUP_PAGE = `${APP_BASE_PATH}/email-setup`;
