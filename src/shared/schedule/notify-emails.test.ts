import { expect, it } from 'vitest';
import { commaSeparatedEmails } from './notify-emails';

it('stores notify e-mails comma-separated, trimmed, without blanks', () => {
  expect(commaSeparatedEmails(' a@example.com; b@example.com,,c@example.com ;')).toBe('a@example.com, b@example.com, c@example.com');
  expect(commaSeparatedEmails('  ')).toBe('');
});
