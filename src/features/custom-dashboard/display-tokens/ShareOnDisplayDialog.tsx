import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DATE_FORMATS, formatDate } from '../../../lib/dates';
import { errorText, fieldErrorText, visibleError } from '../../../lib/error-messages';
import { required } from '../../../lib/validators';
import type { DisplayToken } from '../../../shared/contracts/custom-dashboard';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { CopyableText } from '../../../ui/CopyableText';
import { Dialog } from '../../../ui/Dialog';
import { Spinner } from '../../../ui/ProgressBar';
import { Table, type TableColumn } from '../../../ui/Table';
import { TextField } from '../../../ui/TextField';
import { toast } from '../../../ui/toast-queue';
import { createDisplayTokenMutation, displayLink, displayTokenKeys, displayTokensQuery, revokeDisplayTokenMutation } from './display-tokens-api';
import './display-tokens.css';

export const SHARE_MESSAGES = {
  title: 'Share on a display',
  intro: 'A display link shows this dashboard, read-only, on a screen where nobody signs in. It works until it is revoked.',
  shownOnce: 'Copy this link now: it is shown only this once.',
  noLinks: 'No display links yet.',
  never: 'Never',
  revokePrompt: (name: string) => `Revoke the display link ${name}? The display showing it stops at its next refresh.`,
} as const;

const COLUMNS: readonly TableColumn[] = [
  { id: 'name', header: 'Name', isRowHeader: true },
  { id: 'createdAt', header: 'Created', width: 210 },
  { id: 'lastUsedAt', header: 'Last used', width: 210 },
  { id: 'actions', header: 'Actions', width: 110 },
];

interface Row extends DisplayToken {
  id: string;
}

export interface ShareOnDisplayDialogProps {
  /** The saved report shared: a token reads this dashboard only. */
  dashboardId: string;
  isOpen: boolean;
  onClose: () => void;
}

/**
 * Makes a named display token for the dashboard and shows its link once, with a copy button; lists the dashboard's
 * links in use (name, created, last used) with Revoke behind 'Please confirm..' (issue 17).
 */
export function ShareOnDisplayDialog({ dashboardId, isOpen, onClose }: ShareOnDisplayDialogProps) {
  const queryClient = useQueryClient();
  const tokens = useQuery({ ...displayTokensQuery(), enabled: isOpen });
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  // The secret lives only here: closing the dialog forgets it, and the server never sends it again.
  const [created, setCreated] = useState<{ name: string; link: string } | null>(null);
  const [revoking, setRevoking] = useState<DisplayToken | null>(null);

  const refreshList = () => queryClient.invalidateQueries({ queryKey: displayTokenKeys.all() });
  const create = useMutation({
    ...createDisplayTokenMutation(),
    onSuccess: (token) => {
      setCreated({ name: token.name, link: displayLink(token.token) });
      setName('');
      setTouched(false);
      void refreshList();
    },
    onError: (error) => setServerError(fieldErrorText(error, 'name')),
  });
  const revoke = useMutation({
    ...revokeDisplayTokenMutation(),
    onSuccess: (message) => {
      toast.success(message);
      void refreshList();
    },
    onError: (error) => toast.error(errorText(error)),
  });

  const nameError = serverError ?? visibleError(required(name), touched);
  const submit = () => {
    setTouched(true);
    if (required(name) || create.isPending) return;
    setServerError(null);
    create.mutate({ dashboardId, name: name.trim() });
  };
  const close = () => {
    setName('');
    setTouched(false);
    setServerError(null);
    setCreated(null);
    setRevoking(null);
    onClose();
  };

  const rows: Row[] = (tokens.data ?? []).filter((token) => token.dashboardId === dashboardId).map((token) => ({ ...token, id: token.tokenId }));
  const renderCell = (row: Row, column: string) => {
    if (column === 'name') return row.name;
    if (column === 'createdAt') return formatDate(row.createdAt, DATE_FORMATS.medium);
    if (column === 'lastUsedAt') return row.lastUsedAt ? formatDate(row.lastUsedAt, DATE_FORMATS.medium) : SHARE_MESSAGES.never;
    return (
      <Button variant="danger" aria-label={`Revoke ${row.name}`} onPress={() => setRevoking(row)} isDisabled={revoke.isPending}>
        Revoke
      </Button>
    );
  };

  return (
    <Dialog
      title={SHARE_MESSAGES.title}
      isOpen={isOpen}
      // While a new link is on screen, Escape or a click outside would lose it by accident: Close says the user is done.
      onDismiss={created ? undefined : close}
      size="large"
      footer={
        <Button variant="secondary" onPress={close}>
          Close
        </Button>
      }
    >
      <div className="display-tokens">
        <p>{SHARE_MESSAGES.intro}</p>
        <form
          className="display-tokens__form"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <TextField
            label="Display name"
            description="Where the link is shown, e.g. Lobby screen"
            value={name}
            maxLength={100}
            onChange={(value) => {
              setName(value);
              setTouched(true);
              setServerError(null);
            }}
            errorMessage={nameError ?? undefined}
            isRequired
            autoFocus
          />
          <Button type="submit" variant="primary" isDisabled={create.isPending}>
            Create link
          </Button>
        </form>
        {created && (
          <section className="display-tokens__created" aria-label={`New display link ${created.name}`}>
            <p role="status">{SHARE_MESSAGES.shownOnce}</p>
            <CopyableText label={`Display link ${created.name}`} hideLabel text={created.link} copyLabel="Copy link" copiedLabel="Link copied" autoFocus />
          </section>
        )}
        <h3 className="display-tokens__heading">Display links</h3>
        {tokens.isPending && isOpen ? (
          <Spinner label="Loading the display links" />
        ) : tokens.isError && !tokens.data ? (
          <p role="alert">{errorText(tokens.error)}</p>
        ) : (
          <Table label="Display links" columns={COLUMNS} rows={rows} renderCell={renderCell} emptyMessage={SHARE_MESSAGES.noLinks} />
        )}
      </div>
      <ConfirmDialog
        isOpen={revoking !== null}
        message={revoking ? SHARE_MESSAGES.revokePrompt(revoking.name) : ''}
        okText="Revoke"
        onCancel={() => setRevoking(null)}
        onConfirm={() => {
          if (revoking) revoke.mutate(revoking.tokenId);
          setRevoking(null);
        }}
      />
    </Dialog>
  );
}
