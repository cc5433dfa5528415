import type { ReactNode } from 'react';
import { MESSAGES } from '../../../shared/constants';
import '../landing.css';

export interface LandingSection {
  id: string;
  title: string;
  content: ReactNode;
}

export interface LandingPageProps {
  /** The "Start here" card, while it still helps (start-here.ts). */
  startHere?: ReactNode;
  /** What a user comes back for, each part given only when the user may see its area (composed in src/routes). */
  sections: readonly LandingSection[];
}

/** The welcome page (spec part 1 §2 'Welcome to the Studio!') with the platform's state at a glance. */
export function LandingPage({ startHere, sections }: LandingPageProps) {
  return (
    <div className="page page--welcome landing">
      <h2 className="landing__welcome">{MESSAGES.welcome}</h2>
      {startHere}
      <div className="landing__grid">
        {sections.map((section) => (
          <section key={section.id} className={`landing__card landing__card--${section.id}`} aria-labelledby={`landing-${section.id}`}>
            <h3 id={`landing-${section.id}`} className="landing__card-title">
              {section.title}
            </h3>
            {section.content}
          </section>
        ))}
      </div>
    </div>
  );
}
