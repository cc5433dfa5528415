import { MESSAGES } from '../../../shared/constants';

export function WelcomePage() {
  return (
    <section className="page page--welcome">
      <h2>{MESSAGES.welcome}</h2>
    </section>
  );
}
