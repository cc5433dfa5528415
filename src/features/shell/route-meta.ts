import { useMatches } from '@tanstack/react-router';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Page title shown in the header and as document.title (spec route tables). */
    title?: string;
  }
}

export const APP_NAME = 'Studio';

/** The title of the deepest matched route that has one. */
export function usePageTitle(): string | undefined {
  return useMatches({
    select: (matches) => matches.map((match) => match.staticData.title).filter((title): title is string => Boolean(title)).at(-1),
  });
}

export function documentTitle(pageTitle: string | undefined): string {
  return pageTitle && pageTitle !== APP_NAME ? `${pageTitle} | ${APP_NAME}` : APP_NAME;
}
