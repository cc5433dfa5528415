import { createFileRoute } from '@tanstack/react-router';
import { guardSignedIn } from '../features/auth/route-guard';
import { requirePermission } from '../features/auth/guards';
import type { EmailSetupTab } from '../features/email/pages/EmailSetupPage';

interface EmailSetupSearch {
  tab?: EmailSetupTab;
  /** Set by the account sign-in callback: Added, Updated or failed, with the failure's message (the page shows only its own messages). */
  account?: 'Added' | 'Updated' | 'failed';
  message?: string;
}

const ACCOUNT_OUTCOMES = ['Added', 'Updated', 'failed'] as const;

/** Email Management (spec part 2 §2): EMAIL_SETUP or IMAP_EMAIL_ACCOUNT, each giving its tab. */
export const Route = createFileRoute('/email-setup')({
  staticData: { title: 'Email Setup' },
  validateSearch: (search: Record<string, unknown>): EmailSetupSearch => {
    const account = ACCOUNT_OUTCOMES.find((outcome) => outcome === search['account']);
    return {
      ...(search['tab'] === 'account' || search['tab'] === 'configurations' ? { tab: search['tab'] } : {}),
      ...(account ? { account } : {}),
      ...(typeof search['message'] === 'string' ? { message: search['message'] } : {}),
    };
  },
  beforeLoad: ({ location }) => guardSignedIn(location, requirePermission('EMAIL_SETUP', 'IMAP_EMAIL_ACCOUNT')),
});
