import { useState } from 'react';
import { EmailSetupPage, type EmailSetupTab } from '../features/email/pages/EmailSetupPage';

/** The content of the settings menu's Email Setup modal (spec part 2 §2 "Email Management modal / page"); its tab is its own. */
export function EmailSetupPopupContent() {
  const [tab, setTab] = useState<EmailSetupTab | undefined>(undefined);
  return <EmailSetupPage tab={tab} onTabChange={setTab} />;
}
