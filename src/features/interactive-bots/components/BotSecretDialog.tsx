import type { InteractiveBotWithSecret } from '../../../shared/contracts/interactive-bots';
import { endpoints } from '../../../shared/endpoints';
import { Button } from '../../../ui/Button';
import { CopyableText } from '../../../ui/CopyableText';
import { Dialog } from '../../../ui/Dialog';
import { curlExample } from '../trigger-example';

export interface BotSecretDialogProps {
  /** The bot just created or given a new secret; null closes the dialog. */
  bot: InteractiveBotWithSecret | null;
  onClose: () => void;
}

/** Shows a bot's trigger secret the one time the server sends it, with a copy button and a ready curl command. */
export function BotSecretDialog({ bot, onClose }: BotSecretDialogProps) {
  const triggerUrl = `${window.location.origin}${endpoints.interactiveBots.trigger}`;

  return (
    <Dialog
      title={bot ? `Trigger secret of ${bot.interactive_trigger_name}` : 'Trigger secret'}
      isOpen={bot !== null}
      size="large"
      footer={
        <Button variant="primary" onPress={onClose}>
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
          <CopyableText label="Trigger secret" hideLabel text={bot.secret} copyLabel="Copy secret" copiedLabel="Secret copied" />
          <p>Example:</p>
          <CopyableText
            label="curl example"
            hideLabel
            multiline
            text={curlExample(triggerUrl, bot.trigger_intent, bot.secret)}
            copyLabel="Copy command"
            copiedLabel="Command copied"
          />
        </div>
      )}
    </Dialog>
  );
}
