/** Collection report texts of spec part 1 §8. */
export const REPORT_MESSAGES = {
  htmlExportFailed: 'Something went wrong, unable to export HTML Report',
  attachmentDownloadFailed: 'Unable to download Attachment',
} as const;
