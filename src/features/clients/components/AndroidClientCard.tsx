export const ANDROID_TEXT = {
  heading: 'Android',
  none: 'This platform has no Android gateway client to download. Android devices cannot join as resources yet; use the desktop agent or the built-in browsers.',
} as const;

/** Said plainly instead of a button that leads nowhere (issue 18). */
export function AndroidClientCard() {
  return (
    <section className="ui-card client-card" aria-labelledby="client-card-android">
      <h2 id="client-card-android">{ANDROID_TEXT.heading}</h2>
      <p>{ANDROID_TEXT.none}</p>
    </section>
  );
}
