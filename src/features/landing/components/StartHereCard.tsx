import { Button } from '../../../ui/Button';
import { Link } from '../../../ui/Link';
import { LANDING_TEXTS as T } from '../start-here';

export interface StartHereCardProps {
  /** The seeded demo collection: its name and its Run (null once the collection was deleted). Absent without the Studio. */
  demo?: { name: string; onRun: (() => void) | null; isStarting: boolean };
  /** Shown with the Studio's permission and flag. */
  studioHref?: string;
  /** Shown with the Control Room's permission and the new-schedule flag. */
  scheduleHref?: string;
}

/** Three first steps for an organisation that has hardly run anything yet. */
export function StartHereCard({ demo, studioHref, scheduleHref }: StartHereCardProps) {
  return (
    <section className="landing__card landing__start" aria-labelledby="landing-start-here">
      <h3 id="landing-start-here" className="landing__card-title">
        {T.startHere}
      </h3>
      <ol className="landing__steps">
        {demo !== undefined && (
          <li className="landing__step">
            {demo.onRun ? (
              <>
                <Button variant="primary" onPress={demo.onRun} isDisabled={demo.isStarting}>
                  {T.runDemo}
                </Button>
                <p className="landing__step-text">
                  Runs <strong>{demo.name}</strong>: it signs in to the demo web app in a browser on the server and checks the page it lands on. The status
                  sidebar shows its progress, and its report opens from the result.
                </p>
              </>
            ) : (
              <p className="landing__step-text">{T.demoMissing(demo.name)}</p>
            )}
          </li>
        )}
        {studioHref && (
          <li className="landing__step">
            <Link href={studioHref} variant="plain" className="ui-button ui-button--secondary">
              {T.openStudio}
            </Link>
            <p className="landing__step-text">Open a collection to read its flows and steps, change them, or build your own and press Run.</p>
          </li>
        )}
        {scheduleHref && (
          <li className="landing__step">
            <Link href={scheduleHref} variant="plain" className="ui-button ui-button--secondary">
              {T.makeSchedule}
            </Link>
            <p className="landing__step-text">Let a collection run by itself, once, daily or weekly, from the Control Room.</p>
          </li>
        )}
      </ol>
    </section>
  );
}
