import type { FileRef } from '../../../shared/contracts/runs';
import { Button } from '../../../ui/Button';
import { toast } from '../../../ui/toast-queue';
import { saveBlob } from '../../../lib/save-blob';
import { fetchRunFile } from '../api/run-files';
import { REPORT_MESSAGES } from '../report-messages';

async function downloadAttachment(file: FileRef): Promise<void> {
  try {
    saveBlob(file.name, await fetchRunFile(file.path));
  } catch {
    toast.error(REPORT_MESSAGES.attachmentDownloadFailed);
  }
}

/** A run file (a step's attachment or the run's video) saved with the bearer token when pressed. */
export function AttachmentButton({ file }: { file: FileRef }) {
  return (
    <Button variant="ghost" onPress={() => void downloadAttachment(file)} aria-label={`Download attachment ${file.name}`}>
      {file.name}
    </Button>
  );
}
