/** Texts of the organizations screens that the spec does not name. */
export const ORGANIZATIONS_TEXT = {
  loading: 'Loading organizations…',
  loadFailed: 'The organizations could not be loaded.',
  none: 'No organizations yet.',
  noMatch: (search: string) => `No organization matches "${search}".`,
  noFreeLicense: 'No free license is available for this client type.',
  licensesLoadFailed: 'The licenses could not be loaded.',
} as const;
