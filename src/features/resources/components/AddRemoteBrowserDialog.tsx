import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { errorMessage, visibleError } from '../../../lib/error-messages';
import { addRemoteBrowserSchema, remoteBrowserCommand } from '../../../shared/contracts/remote-browsers';
import { Button } from '../../../ui/Button';
import { CopyableText } from '../../../ui/CopyableText';
import { Dialog } from '../../../ui/Dialog';
import { TextField } from '../../../ui/TextField';
import { toast } from '../../../ui/toast-queue';
import { addRemoteBrowser } from '../api/add-remote-browser';
import { devicesQuery } from '../api/devices';

export interface AddRemoteBrowserDialogProps {
  isOpen: boolean;
  onClose: () => void;
}

export const REMOTE_BROWSER_TOKEN_NOTICE =
  "Copy the token now, as it is shown only this once; the resource appears as Offline until this command runs on the browser's machine.";

/** The contract's own rules (required, at most 100 characters after trimming), as an error key or null. */
function nameErrorKey(name: string): string | null {
  return addRemoteBrowserSchema.shape.name.safeParse(name).error?.issues[0]?.message ?? null;
}

/** Adds a browser resource on another machine, then shows its token and start command the one time the server sends them. */
export function AddRemoteBrowserDialog({ isOpen, onClose }: AddRemoteBrowserDialogProps) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverNameError, setServerNameError] = useState<string | null>(null);

  const add = useMutation({
    mutationFn: addRemoteBrowser,
    // Not the offline outbox, and never paused offline: a paused mutation runs when the network returns, perhaps after
    // the user gave up, and creates a resource whose token nobody sees. Offline, it fails at once and says so.
    networkMode: 'always',
    // The token lives in the mutation's result: dropped from the cache as soon as the dialog lets go of it.
    gcTime: 0,
    onError: (error) => {
      const key = error instanceof ApiError ? error.fieldErrors?.name?.[0] : undefined;
      setServerNameError(key ? errorMessage(key) : null);
      toast.error(error.message);
    },
  });
  const added = add.data;

  const shownNameError = serverNameError ?? visibleError(nameErrorKey(name), touched) ?? undefined;

  const changeName = (value: string) => {
    setName(value);
    setTouched(true);
    setServerNameError(null);
  };

  const create = () => {
    if (add.isPending) return;
    setTouched(true);
    const parsed = addRemoteBrowserSchema.safeParse({ name });
    if (!parsed.success) return;
    add.mutate(parsed.data);
  };

  const close = () => {
    const wasAdded = added !== undefined;
    setName('');
    setTouched(false);
    setServerNameError(null);
    add.reset();
    onClose();
    // The new resource is listed (Offline until its command runs) without waiting for the next status poll.
    if (wasAdded) void queryClient.invalidateQueries({ queryKey: devicesQuery().queryKey });
  };

  if (added) {
    const command = remoteBrowserCommand(window.location.origin, added.token, added.name);
    return (
      // No dismissal by Escape or a click outside: the token would be lost by accident; Done says the user is finished.
      <Dialog
        title={`Remote browser ${added.name} added`}
        isOpen={isOpen}
        size="large"
        footer={
          <Button variant="primary" onPress={close}>
            Done
          </Button>
        }
      >
        <div className="remote-browser-added">
          <p>{REMOTE_BROWSER_TOKEN_NOTICE}</p>
          <CopyableText label="Token" text={added.token} copyLabel="Copy token" copiedLabel="Token copied" autoFocus />
          <CopyableText label="Command" text={command} multiline copyLabel="Copy command" copiedLabel="Command copied" />
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog
      title="Add remote browser"
      isOpen={isOpen}
      // While the request is out, closing would lose the token it brings back.
      onDismiss={add.isPending ? undefined : close}
      footer={
        <>
          <Button onPress={close} isDisabled={add.isPending}>
            Cancel
          </Button>
          {/* Pending rather than disabled: a disabled button would drop the keyboard focus out of the dialog. */}
          <Button variant="primary" onPress={create} isPending={add.isPending}>
            Create
          </Button>
        </>
      }
    >
      <form
        className="remote-browser-form"
        onSubmit={(event) => {
          event.preventDefault();
          create();
        }}
      >
        <TextField
          label="Name"
          value={name}
          onChange={changeName}
          errorMessage={shownNameError}
          isRequired
          autoFocus
        />
        {/* Enter in the field submits. */}
        <button type="submit" hidden />
      </form>
    </Dialog>
  );
}
