/**
 * scheduleNotifyEmails is comma-separated (part 2 §3) while input may separate addresses by commas or semicolons (§5):
 * saves store the addresses trimmed, without blanks, joined by ", ".
 */
export function commaSeparatedEmails(value: string): string {
  return emailAddressesIn(value).join(', ');
}

/** The addresses of a notify list separated by commas or semicolons, trimmed, without blanks. */
export function emailAddressesIn(value: string): string[] {
  return value
    .split(/[,;]/)
    .map((address) => address.trim())
    .filter((address) => address !== '');
}
