import { createSecretBox } from '../auth/secretBox';

/** Mail passwords and mail-account tokens, and the sign-in state's MAC: key MAIL_SECRET_KEY or one kept in the database. */
export const mailSecrets = createSecretBox('MAIL_SECRET_KEY', 'mail-encryption-key');
