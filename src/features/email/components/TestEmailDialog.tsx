import { useState } from 'react';
import { EMAIL_MESSAGES, EMAIL_PATTERN, type EmailConfig } from '../../../shared/contracts/email';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { TextArea } from '../../../ui/TextArea';
import { TextField } from '../../../ui/TextField';
import { toast } from '../../../ui/toast-queue';
import { sendTestEmail } from '../api/email';

export interface TestEmailDialogProps {
  config: EmailConfig;
  onClose: () => void;
}

function addressError(toEmail: string): string | undefined {
  if (toEmail.trim() === '') return EMAIL_MESSAGES.emptyAddress;
  return EMAIL_PATTERN.test(toEmail.trim()) ? undefined : EMAIL_MESSAGES.invalidEmail;
}

/** Sends a test email through one configuration (POST /sendEmail); the server's answer or failure shows as a toast. */
export function TestEmailDialog({ config, onClose }: TestEmailDialogProps) {
  const [toEmail, setToEmail] = useState('');
  const [emailSubject, setEmailSubject] = useState('Test email');
  const [emailBody, setEmailBody] = useState(`This is a test email sent through ${config.fromEmail}.`);
  const [touched, setTouched] = useState(false);
  const [sending, setSending] = useState(false);
  const error = touched ? addressError(toEmail) : undefined;

  async function send() {
    setTouched(true);
    const problem = addressError(toEmail);
    if (problem) {
      toast.error(problem);
      return;
    }
    setSending(true);
    try {
      toast.success(await sendTestEmail({ configEmailId: config.configEmailId, toEmail: toEmail.trim(), emailSubject, emailBody }));
      onClose();
    } catch (failure) {
      toast.error(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setSending(false);
    }
  }

  return (
    <Dialog
      title="Send Test Email"
      isOpen
      onDismiss={onClose}
      footer={
        <>
          <Button variant="primary" isDisabled={sending} onPress={() => void send()}>
            {sending ? 'Sending…' : 'Send'}
          </Button>
          <Button variant="ghost" onPress={onClose}>
            Cancel
          </Button>
        </>
      }
    >
      <TextField label="To" value={toEmail} onChange={setToEmail} onBlur={() => setTouched(true)} errorMessage={error} />
      <TextField label="Subject" value={emailSubject} onChange={setEmailSubject} />
      <TextArea label="Body" value={emailBody} onChange={setEmailBody} />
    </Dialog>
  );
}
