/** The one wording for screens and popups that later issues build. */
export function notAvailableText(title: string): string {
  return `${title} is not available yet`;
}
