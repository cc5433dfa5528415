import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { required } from '../../lib/validators';
import { MESSAGES } from '../../shared/constants';
import {
  INTERACTIVE_BOT_MESSAGES,
  type CreateInteractiveBot,
  type InteractiveBot,
  type InteractiveBotWithSecret,
  type UpdateInteractiveBot,
} from '../../shared/contracts/interactive-bots';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { DataTable, useChangedRows, type DataTableColumn, type DataTableValues } from '../../ui/DataTable';
import { Select } from '../../ui/Select';
import { Switch } from '../../ui/Switch';
import { toast } from '../../ui/toast-queue';
import { botCollectionsQuery } from './api/bot-collections';
import { createInteractiveBot } from './api/create-interactive-bot';
import { interactiveBotsQuery } from './api/interactive-bots';
import { regenerateBotSecret } from './api/regenerate-bot-secret';
import { updateInteractiveBot, updatePayload } from './api/update-interactive-bot';
import { BotSecretDialog } from './components/BotSecretDialog';
import { NewBotDialog } from './components/NewBotDialog';
import { INTERACTIVE_BOTS_LOAD_FAILED } from './interactive-bot-messages';
import './interactive-bots.css';

type PendingAction = { kind: 'delete' | 'regenerate'; bot: InteractiveBot };

function failureMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : MESSAGES.somethingWentWrong;
}

/** The Control Room's Interactive Bot tab (spec part 2 §2, §4): Name, Intent, Collection, Actions. */
export function InteractiveBotsTab() {
  const queryClient = useQueryClient();
  const bots = useQuery(interactiveBotsQuery());
  const collections = useQuery(botCollectionsQuery());
  const [adding, setAdding] = useState(false);
  const [pending, setPending] = useState<PendingAction | null>(null);
  const [shownSecret, setShownSecret] = useState<InteractiveBotWithSecret | null>(null);
  const listKey = interactiveBotsQuery().queryKey;
  // Saved and created bots are highlighted for 5 s (§4), whichever control saved them.
  const changedRows = useChangedRows();

  useEffect(() => {
    if (bots.isError) toast.error(INTERACTIVE_BOTS_LOAD_FAILED);
  }, [bots.isError, bots.errorUpdatedAt]);

  const collectionOptions = (collections.data ?? [])
    .filter((collection) => collection.result === undefined)
    .map((collection) => ({ id: collection.id, label: collection.testSuiteName }));
  const collectionName = (id: string) => collections.data?.find((collection) => collection.id === id)?.testSuiteName ?? id;

  /** Update replaces the row with the same trigger_id; delete removes it; a failure resets the rows from the server. */
  const save = async (payload: UpdateInteractiveBot) => {
    try {
      const saved = await updateInteractiveBot(payload);
      queryClient.setQueryData(listKey, (rows = []) =>
        saved.status === 'DISABLED'
          ? rows.filter((row) => row.trigger_id !== saved.trigger_id)
          : rows.map((row) => (row.trigger_id === saved.trigger_id ? saved : row)),
      );
      toast.success(saved.status === 'DISABLED' ? INTERACTIVE_BOT_MESSAGES.deleted : INTERACTIVE_BOT_MESSAGES.saved);
      if (saved.status !== 'DISABLED') changedRows.markChanged(saved.id);
    } catch (error) {
      toast.error(failureMessage(error));
      await queryClient.invalidateQueries({ queryKey: listKey });
      throw error;
    }
  };
  // The switch, the picker and Delete have no editor to keep open on failure: the toast and the reset rows say it all.
  const saveQuietly = (payload: UpdateInteractiveBot) => save(payload).catch(() => undefined);

  const create = async (bot: CreateInteractiveBot) => {
    try {
      const created = await createInteractiveBot(bot);
      setShownSecret(created);
      changedRows.markChanged(created.id);
    } catch (error) {
      toast.error(failureMessage(error));
      throw error;
    }
    toast.success(INTERACTIVE_BOT_MESSAGES.saved);
    await queryClient.invalidateQueries({ queryKey: listKey });
  };

  const confirmPending = async () => {
    if (!pending) return;
    const { kind, bot } = pending;
    setPending(null);
    if (kind === 'delete') {
      await saveQuietly(updatePayload(bot, { status: 'DISABLED' }));
      return;
    }
    try {
      setShownSecret(await regenerateBotSecret(bot.trigger_id));
      toast.success(INTERACTIVE_BOT_MESSAGES.secretRegenerated);
    } catch (error) {
      toast.error(failureMessage(error));
    }
  };

  const columns: DataTableColumn<InteractiveBot>[] = [
    { key: 'interactive_trigger_name', header: 'Name', editable: true, validate: (value) => required(value), isRowHeader: true },
    { key: 'trigger_intent', header: 'Intent', editable: true, validate: (value) => required(value) },
    {
      key: 'teststatus_id',
      header: 'Collection',
      width: 260,
      value: (bot) => collectionName(bot.teststatus_id),
      render: (bot) => (
        <Select
          label={`Collection of ${bot.interactive_trigger_name}`}
          hideLabel
          options={collectionOptions}
          selectedKey={bot.teststatus_id}
          onSelectionChange={(id) => {
            if (id && id !== bot.teststatus_id) void saveQuietly(updatePayload(bot, { teststatus_id: id }));
          }}
        />
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      width: 320,
      value: (bot) => (bot.enabled ? 'Enabled' : 'Disabled'),
      render: (bot) => (
        <span className="interactive-bots__actions">
          <Switch isSelected={bot.enabled} onChange={(enabled) => void saveQuietly(updatePayload(bot, { status: enabled ? 'ACTIVE' : 'INACTIVE' }))}>
            <span className="ui-visually-hidden">{`Enable ${bot.interactive_trigger_name}`}</span>
          </Switch>
          <Button variant="ghost" aria-label={`New secret for ${bot.interactive_trigger_name}`} onPress={() => setPending({ kind: 'regenerate', bot })}>
            New secret
          </Button>
          <Button variant="danger" aria-label={`Delete ${bot.interactive_trigger_name}`} onPress={() => setPending({ kind: 'delete', bot })}>
            Delete
          </Button>
        </span>
      ),
    },
  ];

  const onInlineSave = (bot: InteractiveBot, changes: DataTableValues) =>
    save(
      updatePayload(bot, {
        interactive_trigger_name: (changes.interactive_trigger_name ?? bot.interactive_trigger_name).trim(),
        trigger_intent: (changes.trigger_intent ?? bot.trigger_intent).trim(),
      }),
    );

  return (
    <section className="interactive-bots" aria-label="Interactive bots">
      <div className="interactive-bots__toolbar">
        <Button variant="primary" onPress={() => setAdding(true)}>
          New interactive bot
        </Button>
      </div>
      <DataTable label="Interactive Bots" columns={columns} rows={bots.data ?? []} onSave={onInlineSave} changedRows={changedRows} />
      <NewBotDialog isOpen={adding} collections={collectionOptions} onCreate={create} onClose={() => setAdding(false)} />
      <BotSecretDialog bot={shownSecret} onClose={() => setShownSecret(null)} />
      <ConfirmDialog
        isOpen={pending !== null}
        message={
          pending?.kind === 'delete'
            ? `Are you sure you want to delete the interactive bot ${pending.bot.interactive_trigger_name}?`
            : `Give ${pending?.bot.interactive_trigger_name ?? ''} a new secret? The current secret stops working at once.`
        }
        onConfirm={() => void confirmPending()}
        onCancel={() => setPending(null)}
      />
    </section>
  );
}
