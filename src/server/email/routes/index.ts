import { registerAccountCallback } from './accountCallback';
import { registerAccountSignIn } from './accountSignIn';
import { registerCreateEmailConfig } from './createEmailConfig';
import { registerDeactivateEmailConfig } from './deactivateEmailConfig';
import { registerDeleteEmailConfig } from './deleteEmailConfig';
import { registerGetEmailConfig } from './getEmailConfig';
import { registerGetImapAccounts } from './getImapAccounts';
import { registerListEmailConfigs } from './listEmailConfigs';
import { registerRegisterEmail } from './registerEmail';
import { registerSendTestEmail } from './sendTestEmail';
import { registerUpdateEmailConfig } from './updateEmailConfig';

/** Every email route, in one list so registerApiRoutes takes the area with one line. */
export const emailRegistrations = [
  registerListEmailConfigs,
  registerGetEmailConfig,
  registerCreateEmailConfig,
  registerUpdateEmailConfig,
  registerDeactivateEmailConfig,
  registerDeleteEmailConfig,
  registerSendTestEmail,
  registerGetImapAccounts,
  registerRegisterEmail,
  registerAccountSignIn,
  registerAccountCallback,
];
