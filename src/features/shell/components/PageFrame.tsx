import { useEffect, type ReactNode } from 'react';
import { documentTitle } from '../route-meta';
import { PageSpinner } from './PageSpinner';
import { SignInNeededBanner } from './SignInNeededBanner';
import { UpdatePrompt } from './UpdatePrompt';

export interface PageFrameProps {
  className: string;
  /** Current path relative to /studio. */
  pathname: string;
  title: string | undefined;
  /** Before the page body: the side menu. */
  menu?: ReactNode;
  /** Above the page: the header. */
  header?: ReactNode;
  /** After the page body: the status sidebar, overlays. */
  aside?: ReactNode;
  children: ReactNode;
}

/**
 * What every page has, signed in or not: the skip link, the main landmark, the sign-in-needed banner, the page spinner,
 * the update banner and the document title.
 */
export function PageFrame({ className, pathname, title, menu, header, aside, children }: PageFrameProps) {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);

  return (
    <div className={className}>
      <a className="skip-link" href="#main-content">Skip to content</a>
      {menu}
      <div className="app-shell__body">
        {header}
        <SignInNeededBanner pathname={pathname} />
        {/* Named by the page's title: an embedded page (Parser Config Builder) brings a main landmark of its own. */}
        <main id="main-content" className="app-shell__main" tabIndex={-1} aria-label={title}>
          {children}
          {/* Inside the main landmark (it is fixed over the whole window all the same): content outside landmarks is
              lost to landmark navigation (axe region). */}
          <PageSpinner />
        </main>
      </div>
      {aside}
      <UpdatePrompt />
    </div>
  );
}
