import { AndroidClientCard } from '../components/AndroidClientCard';
import { DesktopClientCard } from '../components/DesktopClientCard';
import { IosClientCard } from '../components/IosClientCard';
import '../../../ui/card.css';
import '../components/clients.css';

export const IOS_READY_BANNER = 'iOS Gateway client generated and ready for download';

export interface ClientDownloadPageProps {
  /** Arrived from the iOS builder with ?iOS-regenerate=finished (spec part 3 §4). */
  iosJustGenerated: boolean;
}

export function ClientDownloadPage({ iosJustGenerated }: ClientDownloadPageProps) {
  return (
    <section className="page client-download-page">
      {iosJustGenerated && (
        <p role="status" className="client-download-page__banner">
          {IOS_READY_BANNER}
        </p>
      )}
      <div className="client-download-page__cards">
        <DesktopClientCard />
        <AndroidClientCard />
        <IosClientCard />
      </div>
    </section>
  );
}
