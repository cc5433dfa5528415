import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { IOS_BUILDER_MESSAGES, IOS_BUILDER_TIMING } from '../../../shared/contracts/ios-builder';
import { Button } from '../../../ui/Button';
import { ProgressBar } from '../../../ui/ProgressBar';
import { downloadIosBuild, iosBuildListQuery, shouldRetrySubmit, startIosBuild, submitErrorMessage } from '../api/ios-builder';
import { iosBuilderKeys } from '../api/ios-builder-keys';
import { IosBuilderForm } from '../components/IosBuilderForm';
import { nextBuildProgress } from '../progress';
import '../ios-builder.css';

export const IOS_PAGE_TEXT = {
  heading: 'iOS Gateway Client Builder',
  download: 'Download iOS Gateway Client',
  what:
    'The server checks your provisioning profile (expiry, team, app id) and your signing certificate (password, expiry, and that the ' +
    'profile lists it), then assembles a bundle archive: the profile, the certificate, a configuration with the derived bundle id ' +
    'and team, and a signing script (sign.sh).',
  mac: "Signing the app itself needs Apple's tools (Xcode and codesign), which run only on a Mac: the last step, sign.sh, runs there.",
  lastBuild: 'Last bundle:',
} as const;

/** §4's progress bar of a build in CREATING: 10, then +20 every 20 s up to at least 70, then 10 again. */
function useBuildProgress(active: boolean): number {
  const [progress, setProgress] = useState<number>(IOS_BUILDER_TIMING.progressInitial);
  const [wasActive, setWasActive] = useState(active);
  // Each build starts from the initial 10 (state adjusted while rendering, not in an effect).
  if (active !== wasActive) {
    setWasActive(active);
    if (active) setProgress(IOS_BUILDER_TIMING.progressInitial);
  }
  useEffect(() => {
    if (!active) return undefined;
    const timer = window.setInterval(() => setProgress(nextBuildProgress), IOS_BUILDER_TIMING.progressTickMs);
    return () => window.clearInterval(timer);
  }, [active]);
  return progress;
}

export interface IosBuilderPageProps {
  /** A build this page watched in CREATING has FINISHED (the route goes to client-download?iOS-regenerate=finished). */
  onFinished: () => void;
}

export function IosBuilderPage({ onFinished }: IosBuilderPageProps) {
  const queryClient = useQueryClient();
  const list = useQuery(iosBuildListQuery());
  const build = list.data;
  /** When a submit answered 409: in progress until a later poll shows no CREATING build. */
  const [underwaySince, setUnderwaySince] = useState<number | null>(null);
  const [watching, setWatching] = useState(false);

  const submit = useMutation({
    mutationFn: startIosBuild,
    retry: shouldRetrySubmit,
    retryDelay: IOS_BUILDER_TIMING.submitRetryDelayMs,
    onSuccess: (result) => {
      setWatching(true);
      if (result.kind === 'started') {
        setUnderwaySince(null);
        queryClient.setQueryData(iosBuilderKeys.list(), result.build);
      } else {
        setUnderwaySince(Date.now());
        void queryClient.invalidateQueries({ queryKey: iosBuilderKeys.list() });
      }
    },
  });
  const download = useMutation({ mutationFn: downloadIosBuild });

  const underway = underwaySince !== null && (list.dataUpdatedAt <= underwaySince || build?.Status === 'CREATING');
  const creating = submit.isPending || underway || build?.Status === 'CREATING';
  // A build this page saw CREATING is watched: its FINISHED leads on to the download page. Only an answer fetched since
  // the page opened counts: the cache restored from IndexedDB may hold a CREATING that finished long ago.
  const [openedAt] = useState(() => Date.now());
  if (build?.Status === 'CREATING' && list.dataUpdatedAt >= openedAt && !list.isPlaceholderData && !watching) setWatching(true);
  const finishedNow = watching && build?.Status === 'FINISHED';
  const progress = useBuildProgress(creating);

  useEffect(() => {
    if (finishedNow) onFinished();
  }, [finishedNow, onFinished]);

  return (
    <section className="ios-builder" aria-label={IOS_PAGE_TEXT.heading}>
      <p>{IOS_PAGE_TEXT.what}</p>
      <p className="ios-builder__note">{IOS_PAGE_TEXT.mac}</p>

      {list.isError && (
        <p className="ios-builder__error" role="alert">
          {IOS_BUILDER_MESSAGES.pollFailed}
        </p>
      )}

      {(creating || finishedNow) && (
        <section className="ios-builder__progress" aria-live="polite">
          <ProgressBar label={IOS_BUILDER_MESSAGES.generating} value={finishedNow ? IOS_BUILDER_TIMING.progressFinished : progress} />
          <p role="status">{underway ? IOS_BUILDER_MESSAGES.underway : IOS_BUILDER_MESSAGES.pleaseWait}</p>
        </section>
      )}
      {/* Hidden, not unmounted, while a build runs: after a FAILED build the user corrects one field, not all four. */}
      <div className="ios-builder__idle" hidden={creating || finishedNow}>
        {build?.Status === 'FAILED' && (
          <p className="ios-builder__error" role="alert">
            {build.Description ?? IOS_BUILDER_MESSAGES.submitFailed}
          </p>
        )}
        {submit.isError && (
          <p className="ios-builder__error" role="alert">
            {submitErrorMessage(submit.error)}
          </p>
        )}
        {build?.Status === 'FINISHED' && build.URL && (
          <section className="ios-builder__finished" aria-label={IOS_PAGE_TEXT.lastBuild}>
            <p>
              {IOS_PAGE_TEXT.lastBuild} <strong>{build.fileName}</strong>
            </p>
            <Button variant="primary" onPress={() => download.mutate(build)} isDisabled={download.isPending}>
              {IOS_PAGE_TEXT.download}
            </Button>
            {download.isError && (
              <p className="ios-builder__error" role="alert">
                {download.error.message}
              </p>
            )}
          </section>
        )}
        <IosBuilderForm onSubmit={(input) => submit.mutate(input)} isSubmitting={submit.isPending} />
      </div>
    </section>
  );
}
