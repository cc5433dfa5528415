import { ProgressBar } from '../../../ui/ProgressBar';
import { percentOf } from '../api/use-file-download';
import type { DownloadProgress } from '../api/clients';

export function DownloadProgressBar({ label, progress }: { label: string; progress: DownloadProgress }) {
  return <ProgressBar label={label} value={percentOf(progress)} />;
}
