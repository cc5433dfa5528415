import { useQuery } from '@tanstack/react-query';
import { CLIENTS_MESSAGES } from '../../../shared/contracts/clients';
import { Button } from '../../../ui/Button';
import { Spinner } from '../../../ui/ProgressBar';
import { endpoints } from '../../../shared/endpoints';
import { desktopClientQuery } from '../api/clients';
import { useFileDownload } from '../api/use-file-download';
import { DownloadProgressBar } from './DownloadProgressBar';
import { formatBytes } from '../../../lib/format-bytes';

export const DESKTOP_TEXT = {
  heading: 'Desktop',
  what: "The desktop gateway agent: a zip holding a start script and the agent's bundled code. It needs Node.js 20 or later.",
  howTo:
    'Unpack it and run ./start.sh (start.cmd on Windows) with --platform and this platform\u2019s address and --token and an agent token made in Resource Management; the machine then appears there as a desktop resource.',
  download: 'Download zip',
  progress: 'Downloading desktop client',
} as const;

export function DesktopClientCard() {
  const desktop = useQuery(desktopClientQuery());
  const { progress, start } = useFileDownload();
  const ready = desktop.data?.kind === 'ready' ? desktop.data.client : null;

  return (
    <section className="ui-card client-card" aria-labelledby="client-card-desktop">
      <h2 id="client-card-desktop">{DESKTOP_TEXT.heading}</h2>
      <p>{DESKTOP_TEXT.what}</p>
      <p>{CLIENTS_MESSAGES.exeNotOffered}</p>
      {desktop.isPending && <Spinner label="Loading the desktop client" />}
      {desktop.isError && <p role="alert">{desktop.error.message}</p>}
      {desktop.data?.kind === 'not-built' && (
        <p role="status" className="client-card__notice">
          {desktop.data.message}
        </p>
      )}
      {ready && (
        <>
          <p>{DESKTOP_TEXT.howTo}</p>
          {progress ? (
            <DownloadProgressBar label={DESKTOP_TEXT.progress} progress={progress} />
          ) : (
            <Button
              variant="primary"
              onPress={() =>
                void start({
                  path: endpoints.clients.download,
                  method: 'POST',
                  json: { downloadUrl: ready.zipDownloadUrl },
                  fileName: ready.fileName,
                  knownSize: ready.size,
                })
              }
            >
              {`${DESKTOP_TEXT.download} (${formatBytes(ready.size)})`}
            </Button>
          )}
        </>
      )}
    </section>
  );
}
