import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { userDetailsQueryOptions } from '../../../lib/user-details';
import { EMAIL_MESSAGES } from '../../../shared/contracts/email';
import { hasPermission } from '../../../shared/permissions';
import { Tabs, type TabItem } from '../../../ui/Tabs';
import { toast } from '../../../ui/toast-queue';
import { isCallbackMessage } from '../callback-message';
import { EmailAccountTab } from '../components/EmailAccountTab';
import { EmailConfigurationsTab } from '../components/EmailConfigurationsTab';
import '../email.css';

export type EmailSetupTab = 'configurations' | 'account';

export interface EmailSetupPageProps {
  tab?: EmailSetupTab | undefined;
  onTabChange?: (tab: EmailSetupTab) => void;
  /** What the account sign-in callback reported (Added, Updated or failed) and its message, shown only when it is one of the callback's own. */
  accountResult?: { outcome: 'Added' | 'Updated' | 'failed'; message?: string | undefined } | undefined;
  navigate?: (url: string) => void;
}

/** The Email Management page (§2): a tab per granted feature, EMAIL_SETUP and IMAP_EMAIL_ACCOUNT. */
export function EmailSetupPage({ tab, onTabChange, accountResult, navigate }: EmailSetupPageProps) {
  const { data: user } = useQuery(userDetailsQueryOptions());
  const features = user?.permissions.features;

  const outcome = accountResult?.outcome;
  const reported = accountResult?.message;
  const outcomeMessage = reported !== undefined && isCallbackMessage(reported) ? reported : undefined;
  useEffect(() => {
    if (outcome === 'Added') toast.success(EMAIL_MESSAGES.accountAdded);
    else if (outcome === 'Updated') toast.success(EMAIL_MESSAGES.accountUpdated);
    else if (outcome === 'failed') toast.error(outcomeMessage || EMAIL_MESSAGES.accountFailed);
  }, [outcome, outcomeMessage]);

  const tabs: TabItem[] = [
    ...(hasPermission(features, 'EMAIL_SETUP') ? [{ id: 'configurations', title: 'Email Configurations', content: <EmailConfigurationsTab /> }] : []),
    ...(hasPermission(features, 'IMAP_EMAIL_ACCOUNT') ? [{ id: 'account', title: 'Email Account', content: <EmailAccountTab {...(navigate ? { navigate } : {})} /> }] : []),
  ];
  if (!user) return null;
  const selected = tabs.some((item) => item.id === tab) ? tab : tabs[0]?.id;
  return (
    <div className="email-setup-page">
      <Tabs label="Email Management" tabs={tabs} {...(selected ? { selectedKey: selected } : {})} onSelectionChange={(id) => onTabChange?.(id === 'account' ? 'account' : 'configurations')} />
    </div>
  );
}
