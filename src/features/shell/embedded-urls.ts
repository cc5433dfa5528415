import { flags, type StudioConfig } from '../../shared/config';

export type PageLocation = Pick<Location, 'protocol' | 'hostname' | 'origin'>;

/** Device control runs on its own port of the current host (spec part 1 §2, default 7100). */
export function deviceControlUrl(config: StudioConfig, location: PageLocation): string {
  return `${location.protocol}//${location.hostname}:${flags.deviceControlPort(config)}/`;
}

export function parserConfigUrl(config: StudioConfig, location: PageLocation): string {
  return `${location.origin}${flags.parserConfigPath(config)}`;
}

export function staticDashboardUrl(config: StudioConfig, location: PageLocation): string {
  return `${location.origin}${flags.staticDashboardPath(config)}`;
}
