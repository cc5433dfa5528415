import { useQuery } from '@tanstack/react-query';
import { Button } from '../../../ui/Button';
import { Link } from '../../../ui/Link';
import { Spinner } from '../../../ui/ProgressBar';
import { iosClientQuery, iosDownloadUrl } from '../api/clients';
import { useFileDownload } from '../api/use-file-download';
import { DownloadProgressBar } from './DownloadProgressBar';

export const IOS_TEXT = {
  heading: 'iOS',
  what: 'The iOS gateway client is built for your organization from your provisioning profile and signing certificate. The download is a bundle archive (profile, certificate, configuration with the derived bundle id, and the signing script) that a Mac signs.',
  neverGenerated: 'No iOS gateway client has been generated for your organization yet.',
  generating: 'An iOS gateway client is being generated.',
  failed: 'The last iOS gateway client generation failed:',
  generate: 'Generate',
  regenerate: 'Generate again',
  watch: 'Follow the generation',
  download: 'Download zip',
  progress: 'Downloading iOS gateway client',
} as const;

/** Never generated: Generate (to /ios-builder); generated: Download, and Generate again (spec part 3 §2, §4). */
export function IosClientCard() {
  const ios = useQuery(iosClientQuery());
  const { progress, start } = useFileDownload();
  const build = ios.data;
  const url = iosDownloadUrl(build);

  return (
    <section className="ui-card client-card" aria-labelledby="client-card-ios">
      <h2 id="client-card-ios">{IOS_TEXT.heading}</h2>
      <p>{IOS_TEXT.what}</p>
      {ios.isPending && <Spinner label="Loading the iOS gateway client" />}
      {ios.isError && <p role="alert">{ios.error.message}</p>}
      {ios.isSuccess && build === null && <p>{IOS_TEXT.neverGenerated}</p>}
      {build?.Status === 'CREATING' && <p role="status">{IOS_TEXT.generating}</p>}
      {build?.Status === 'FAILED' && <p>{`${IOS_TEXT.failed} ${build.Description ?? ''}`.trim()}</p>}
      <div className="client-card__actions">
        {url && build &&
          (progress ? (
            <DownloadProgressBar label={IOS_TEXT.progress} progress={progress} />
          ) : (
            <Button variant="primary" onPress={() => void start({ path: url, fileName: build.fileName ?? `${build.derivedBundleId}.zip` })}>
              {IOS_TEXT.download}
            </Button>
          ))}
        {ios.isSuccess && (
          <Link href="/ios-builder">
            {build?.Status === 'CREATING' ? IOS_TEXT.watch : url ? IOS_TEXT.regenerate : IOS_TEXT.generate}
          </Link>
        )}
      </div>
    </section>
  );
}
