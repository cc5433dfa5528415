import { useState } from 'react';
import type { InteractiveBotWithSecret } from '../../../shared/contracts/interactive-bots';
import { endpoints } from '../../../shared/endpoints';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { curlExample } from '../trigger-example';

export interface BotSecretDialogProps {
  /** The bot just created or given a new secret; null closes the dialog. */
  bot: InteractiveBotWithSecret | null;
  onClose: () => void;
}

/** Shows a bot's trigger secret the one time the server sends it, with a copy button and a ready curl command. */
export function BotSecretDialog({ bot, onClose }: BotSecretDialogProps) {
  const [copied, setCopied] = useState<'secret' | 'curl' | null>(null);
  const triggerUrl = `${window.location.origin}${endpoints.interactiveBots.trigger}`;
  const command = bot ? curlExample(triggerUrl, bot.trigger_intent, bot.secret) : '';

  const copy = async (what: 'secret' | 'curl', text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(what);
    } catch {
      // Clipboard access can be refused (insecure origin, permissions); the text stays selectable on screen.
      setCopied(null);
    }
  };

  const close = () => {
    setCopied(null);
    onClose();
  };

  return (
    <Dialog
      title={bot ? `Trigger secret of ${bot.interactive_trigger_name}` : 'Trigger secret'}
      isOpen={bot !== null}
      size="large"
      footer={
        <Button variant="primary" onPress={close}>
          Done
        </Button>
      }
    >
      {bot && (
        <div className="interactive-bots__secret">
          <p>
            Copy this secret now: it is shown only this once. A chat platform or a script starts the bot by sending it with the intent{' '}
            <strong>{bot.trigger_intent}</strong>.
          </p>
          <code aria-label="Trigger secret" className="interactive-bots__code">
            {bot.secret}
          </code>
          <Button onPress={() => void copy('secret', bot.secret)}>{copied === 'secret' ? 'Secret copied' : 'Copy secret'}</Button>
          <p>Example:</p>
          <pre aria-label="curl example" className="interactive-bots__code">
            {command}
          </pre>
          <Button onPress={() => void copy('curl', command)}>{copied === 'curl' ? 'Command copied' : 'Copy command'}</Button>
        </div>
      )}
    </Dialog>
  );
}
