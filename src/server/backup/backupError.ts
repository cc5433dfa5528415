/** A problem the operator can fix (a missing option, a folder in the way, a corrupt backup): one line, no stack trace. */
export class BackupError extends Error {
  override readonly name = 'BackupError';
}
