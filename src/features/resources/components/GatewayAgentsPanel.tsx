import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { visibleError } from '../../../lib/error-messages';
import { MESSAGES } from '../../../shared/constants';
import { createGatewayAgentSchema, gatewayAgentCommand, type GatewayAgent } from '../../../shared/contracts/gateway-agents';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { CopyableText } from '../../../ui/CopyableText';
import { Dialog } from '../../../ui/Dialog';
import { Table, type TableColumn } from '../../../ui/Table';
import { TextField } from '../../../ui/TextField';
import { toast } from '../../../ui/toast-queue';
import { createGatewayAgent, gatewayAgentsQuery, revokeGatewayAgent } from '../api/gateway-agents';
import { devicesQuery } from '../api/devices';

export const GATEWAY_AGENT_TOKEN_NOTICE =
  'Copy the token now, as it is shown only this once. Run the command on the tester’s machine (from this repository), or unpack the Desktop client download and run its start script with the same --platform and --token.';

export function gatewayAgentStatus(agent: GatewayAgent): string {
  if (agent.revokedAt !== null) return 'Revoked';
  if (agent.deviceId === null) return 'Waiting for its agent';
  return agent.online ? 'Online' : 'Offline';
}

const COLUMNS: readonly TableColumn[] = [
  { id: 'name', header: 'Name', isRowHeader: true },
  { id: 'deviceId', header: 'Resource' },
  { id: 'os', header: 'OS' },
  { id: 'browsers', header: 'Browsers' },
  { id: 'status', header: 'Status' },
  { id: 'actions', header: 'Actions' },
];

/** Create: a name, then the token and command, shown the one time the server sends them. */
function CreateGatewayAgentDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const create = useMutation({
    mutationFn: createGatewayAgent,
    // Never paused offline: a late create would make a token nobody sees.
    networkMode: 'always',
    gcTime: 0,
    onError: (error) => toast.error(error.message),
  });
  const parsed = createGatewayAgentSchema.safeParse({ name });
  const nameError = visibleError(parsed.error?.issues[0]?.message ?? null, touched) ?? undefined;

  const submit = () => {
    setTouched(true);
    if (parsed.success && !create.isPending) create.mutate(parsed.data);
  };
  const close = () => {
    const created = create.data !== undefined;
    setName('');
    setTouched(false);
    create.reset();
    onClose();
    if (created) void queryClient.invalidateQueries({ queryKey: gatewayAgentsQuery().queryKey });
  };

  if (create.data) {
    const { agent, token } = create.data;
    return (
      // No dismissal by Escape or outside click: the token would be lost by accident.
      <Dialog title={`Gateway agent ${agent.name} created`} isOpen={isOpen} size="large" footer={<Button variant="primary" onPress={close}>Done</Button>}>
        <div className="remote-browser-added">
          <p>{GATEWAY_AGENT_TOKEN_NOTICE}</p>
          <CopyableText label="Agent token" text={token} copyLabel="Copy token" copiedLabel="Token copied" autoFocus />
          <CopyableText label="Command" text={gatewayAgentCommand(window.location.origin, token)} multiline copyLabel="Copy command" copiedLabel="Command copied" />
        </div>
      </Dialog>
    );
  }
  return (
    <Dialog
      title="Create gateway agent"
      isOpen={isOpen}
      onDismiss={create.isPending ? undefined : close}
      footer={
        <>
          <Button onPress={close} isDisabled={create.isPending}>
            Cancel
          </Button>
          <Button variant="primary" onPress={submit} isPending={create.isPending}>
            Create
          </Button>
        </>
      }
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TextField label="Agent name" value={name} onChange={(value) => { setName(value); setTouched(true); }} errorMessage={nameError} isRequired autoFocus />
        <button type="submit" hidden />
      </form>
    </Dialog>
  );
}

/**
 * Resource Management's Desktop kind: the organization's gateway agent tokens (issue 18). An agent that registered
 * is also a Desktop resource in the table above; revoking its token takes it Offline and stops it.
 */
export function GatewayAgentsPanel() {
  const queryClient = useQueryClient();
  const agents = useQuery(gatewayAgentsQuery());
  const [creating, setCreating] = useState(false);
  const [toRevoke, setToRevoke] = useState<GatewayAgent | null>(null);
  const revoke = useMutation({
    mutationFn: revokeGatewayAgent,
    onSuccess: (message) => toast.success(message),
    onError: (error) => toast.error(error.message),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: gatewayAgentsQuery().queryKey });
      await queryClient.invalidateQueries({ queryKey: devicesQuery().queryKey });
    },
  });

  const cell = (agent: GatewayAgent, column: string) => {
    switch (column) {
      case 'name':
        return agent.name;
      case 'deviceId':
        return agent.deviceId ?? '';
      case 'os':
        return agent.os ?? '';
      case 'browsers':
        return agent.browsers.join(', ');
      case 'status':
        return gatewayAgentStatus(agent);
      default:
        return agent.revokedAt === null ? (
          <Button variant="danger" aria-label={`Revoke ${agent.name}`} onPress={() => setToRevoke(agent)}>
            Revoke
          </Button>
        ) : null;
    }
  };

  return (
    <section className="gateway-agents" aria-labelledby="gateway-agents-title">
      <h2 id="gateway-agents-title">Gateway agents</h2>
      <Button onPress={() => setCreating(true)}>Create gateway agent</Button>
      {agents.isError && !agents.data && <p role="alert">{MESSAGES.somethingWentWrong}</p>}
      <Table label="Gateway agents" columns={COLUMNS} rows={agents.data ?? []} renderCell={cell} emptyMessage="No gateway agent yet: create one and run it on a tester's machine." />
      <CreateGatewayAgentDialog isOpen={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        isOpen={toRevoke !== null}
        message={toRevoke ? `Revoke ${toRevoke.name}? Its agent stops and a run on it is aborted.` : ''}
        okText="Revoke"
        onCancel={() => setToRevoke(null)}
        onConfirm={() => {
          if (toRevoke) revoke.mutate(toRevoke.id);
          setToRevoke(null);
        }}
      />
    </section>
  );
}
