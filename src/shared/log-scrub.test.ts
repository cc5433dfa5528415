import { describe, expect, it } from 'vitest';
import { scrubText, truncateText, urlWithoutQuery } from './log-scrub';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1In0.abcDEF123_-xyz';
const RANDOM_43 = 'Zq3v9Xw1bT7yKp2mNc8rLd5sHf4gJa6eQo0uWi3xYz1';

describe('scrubText', () => {
  it.each([
    [`Authorization: Bearer ${JWT}`, 'Authorization: Bearer [redacted]'],
    [`token ${JWT} was refused`, 'token [jwt] was refused'],
    ['Basic Ym90QGV4YW1wbGUudGVzdDpzZWNyZXQ=', 'Basic [redacted]'],
    ['mail to mia.krystof+qa@example.co.uk failed', 'mail to [email] failed'],
    ['GET /studio/login?code=4/0AbC-xyz&scope=email&state=from_login#frag', 'GET /studio/login?code=[redacted]&scope=email&state=[redacted]#frag'],
    ['/api/x?page=2&access_token=abc&Password=p%40ss', '/api/x?page=2&access_token=[redacted]&Password=[redacted]'],
    ['/studio/dashboard/leadership?dashboardId=42', '/studio/dashboard/leadership?dashboardId=[redacted]'],
    ['{"password":"hunter2","user":"x"}', '{"password":"[redacted]","user":"x"}'],
    ["refreshtoken='abc.def' then", "refreshtoken='[redacted]' then"],
    [`resource token rb_${RANDOM_43}`, 'resource token [redacted]'],
  ])('%s', (text, expected) => {
    expect(scrubText(text)).toBe(expected);
  });

  it('keeps what helps and is no secret: ids, chunk names, ordinary words', () => {
    const text = 'Run 0e97a534-78c7-411a-b755-d0d43fe7d4bd failed at /studio/assets/index-B3x9fA12.js:1:200 (token expired)';
    expect(scrubText(text)).toBe(text);
  });
});

describe('truncateText and urlWithoutQuery', () => {
  it('cuts to the limit with a mark, and leaves short texts alone', () => {
    expect(truncateText('abcdef', 4)).toBe('abc…');
    expect(truncateText('abcdef', 4)).toHaveLength(4);
    expect(truncateText('abc', 4)).toBe('abc');
  });

  it('drops query and fragment, and scrubs what remains', () => {
    expect(urlWithoutQuery('https://studio.example.com/studio/assets/a.js?v=1#x')).toBe('https://studio.example.com/studio/assets/a.js');
    expect(urlWithoutQuery('/studio/users/mia@example.com')).toBe('/studio/users/[email]');
  });
});
