/** Query keys of the recording area. */
export const recordingKeys = {
  all: ['recording'] as const,
  /** The RECORDING processes of getStatus; a key of its own, since the import/export area keeps the IMPORT ones. */
  status: () => [...recordingKeys.all, 'status'] as const,
  /** The desktop resources a recording may use. */
  devices: () => [...recordingKeys.all, 'devices'] as const,
};
