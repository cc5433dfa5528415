import type { FileRef } from '../../../shared/contracts/runs';
import { Button } from '../../../ui/Button';
import { toast } from '../../../ui/toast-queue';
import { saveUrl } from '../../../lib/save-blob';
import { runFileDownloadUrl } from '../api/run-files';
import { REPORT_MESSAGES } from '../report-messages';

async function downloadAttachment(file: FileRef): Promise<void> {
  try {
    saveUrl(file.name, await runFileDownloadUrl(file));
  } catch {
    toast.error(REPORT_MESSAGES.attachmentDownloadFailed);
  }
}

/** A run file (a step's attachment or the run's video), downloaded through a short-lived link when pressed. */
export function AttachmentButton({ file }: { file: FileRef }) {
  return (
    <Button variant="ghost" onPress={() => void downloadAttachment(file)} aria-label={`Download attachment ${file.name}`}>
      {file.name}
    </Button>
  );
}
