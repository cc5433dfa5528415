import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { formatDate } from '../../../lib/dates';
import { quarantineReasonSchema, QUARANTINE_REASON_MAX_LENGTH, type FlowQuarantine as FlowQuarantineRecord } from '../../../shared/contracts/quarantine';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { TextArea } from '../../../ui/TextArea';
import { toast } from '../../../ui/toast-queue';
import { isInQuarantine, quarantineFlow, releaseFlow } from '../api/flow-quarantine';
import { studioKeys } from '../api/studio-keys';

export interface FlowQuarantineProps {
  collectionId: string;
  flowId: string;
  flowName: string;
  /** The flow's latest quarantine, if it ever had one. */
  quarantine: FlowQuarantineRecord | undefined;
  /** RTA_MANAGEMENT holders quarantine and release; everyone else sees the mark only. */
  canManage: boolean;
}

/**
 * A flow's quarantine in the Studio (issue 29): a mark with the reason while it is in quarantine, and for managers a
 * Quarantine or Release action, each confirmed in a modal (Quarantine asks for the reason).
 */
export function FlowQuarantine({ collectionId, flowId, flowName, quarantine, canManage }: FlowQuarantineProps) {
  const [dialog, setDialog] = useState<'quarantine' | 'release' | null>(null);
  const markId = useId();
  const inQuarantine = isInQuarantine(quarantine);
  if (!inQuarantine && !canManage) return null;
  return (
    <div className="studio-quarantine">
      {inQuarantine && (
        <p id={markId} className="studio-quarantine__mark">
          <span className="studio-quarantine__badge">In quarantine</span> {quarantine.reason}
          <span className="studio-quarantine__by">
            {' '}
            (by {quarantine.quarantinedBy}, {formatDate(quarantine.quarantinedAt)})
          </span>
        </p>
      )}
      {canManage &&
        (inQuarantine ? (
          <Button aria-label={`Release ${flowName} from quarantine`} aria-describedby={markId} onPress={() => setDialog('release')}>
            Release
          </Button>
        ) : (
          <Button aria-label={`Quarantine ${flowName}`} onPress={() => setDialog('quarantine')}>
            Quarantine
          </Button>
        ))}
      {dialog === 'quarantine' && <QuarantineDialog collectionId={collectionId} flowId={flowId} flowName={flowName} onClose={() => setDialog(null)} />}
      {dialog === 'release' && inQuarantine && (
        <ReleaseDialog collectionId={collectionId} flowId={flowId} flowName={flowName} reason={quarantine.reason} onClose={() => setDialog(null)} />
      )}
    </div>
  );
}

interface DialogProps {
  collectionId: string;
  flowId: string;
  flowName: string;
  onClose: () => void;
}

function useQuarantineChange<Request>(collectionId: string, send: (request: Request) => Promise<{ message: string }>, onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async ({ message }) => {
      toast.success(message);
      await queryClient.invalidateQueries({ queryKey: studioKeys.quarantines(collectionId) });
      onDone();
    },
  });
}

function QuarantineDialog({ collectionId, flowId, flowName, onClose }: DialogProps) {
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const change = useQuarantineChange(collectionId, quarantineFlow, onClose);
  const checked = quarantineReasonSchema.safeParse(reason);
  const reasonError = touched && !checked.success ? checked.error.issues[0]?.message : undefined;
  const submit = () => {
    setTouched(true);
    if (checked.success) change.mutate({ collectionId, flowId, reason: checked.data });
  };
  return (
    <Dialog
      title={`Quarantine ${flowName}`}
      isOpen
      onDismiss={change.isPending ? undefined : onClose}
      footer={
        <>
          <Button onPress={onClose} isDisabled={change.isPending}>
            Cancel
          </Button>
          <Button variant="primary" onPress={submit} isDisabled={change.isPending}>
            Quarantine
          </Button>
        </>
      }
    >
      <p>The flow keeps running and its results stay in the reports, but its failures no longer fail the collection’s runs, mail a failure or file to Jira. It is released after 5 consecutive passes.</p>
      <TextArea
        label="Reason"
        isRequired
        rows={3}
        maxLength={QUARANTINE_REASON_MAX_LENGTH}
        value={reason}
        onChange={setReason}
        onBlur={() => setTouched(true)}
        errorMessage={reasonError}
      />
      {change.error && <p role="alert" className="studio-quarantine__error">{change.error.message}</p>}
    </Dialog>
  );
}

function ReleaseDialog({ collectionId, flowId, flowName, reason, onClose }: DialogProps & { reason: string }) {
  const change = useQuarantineChange(collectionId, releaseFlow, onClose);
  return (
    <Dialog
      title={`Release ${flowName}`}
      isOpen
      onDismiss={change.isPending ? undefined : onClose}
      footer={
        <>
          <Button onPress={onClose} isDisabled={change.isPending} autoFocus>
            Cancel
          </Button>
          <Button variant="primary" onPress={() => change.mutate({ collectionId, flowId })} isDisabled={change.isPending}>
            Release
          </Button>
        </>
      }
    >
      <p>Its failures will fail the collection’s runs again.</p>
      <p>
        In quarantine because: <q>{reason}</q>
      </p>
      {change.error && <p role="alert" className="studio-quarantine__error">{change.error.message}</p>}
    </Dialog>
  );
}
