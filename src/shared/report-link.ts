import { APP_BASE_PATH } from './endpoints';

/** The search parameter of the app's address that opens a run's collection report over the page (mails link to it). */
export const REPORT_LINK_PARAM = 'report';

/** The absolute address that opens the run's collection report in the app served at `publicUrl`. */
export function reportLink(publicUrl: string, statusId: string): string {
  const url = new URL(`${APP_BASE_PATH}/`, publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`);
  url.searchParams.set(REPORT_LINK_PARAM, statusId);
  return url.toString();
}
