import { describe, expect, it } from 'vitest';
import { resolveNextUrl } from './safe-redirect';

const allowed = ['docs.example.com', 'reports.example.com:8443'];
const origin = 'http://localhost';

const resolve = (nextUrl: string | null | undefined) => resolveNextUrl(nextUrl, allowed, origin);

describe('resolveNextUrl: in-app paths', () => {
  it.each([
    ['/studio/automation-studio', '/studio/automation-studio'],
    ['/studio/control-room?tab=queue#top', '/studio/control-room?tab=queue#top'],
    ['/studio', '/studio'],
    ['/studio/', '/studio/'],
    ['automation-studio', '/studio/automation-studio'],
    ['/automation-studio', '/studio/automation-studio'],
    ['/dashboard/leadership?dashboardId=7', '/studio/dashboard/leadership?dashboardId=7'],
    ['/studio/x?next=https://evil.com//a', '/studio/x?next=https://evil.com//a'],
    ['http://localhost/studio/health-status', '/studio/health-status'],
    ['  /studio/control-room  ', '/studio/control-room'],
  ])('%j -> %j', (nextUrl, expected) => {
    expect(resolve(nextUrl)).toBe(expected);
  });
});

describe('resolveNextUrl: external addresses', () => {
  it.each([
    ['https://docs.example.com/guide?x=1', 'https://docs.example.com/guide?x=1'],
    ['http://docs.example.com', 'http://docs.example.com/'],
    ['HTTPS://DOCS.EXAMPLE.COM/a', 'https://docs.example.com/a'],
    ['https://reports.example.com:8443/r/1', 'https://reports.example.com:8443/r/1'],
    ['www.docs.example.com', null],
  ])('%j -> %j', (nextUrl, expected) => {
    expect(resolve(nextUrl)).toBe(expected);
  });

  it('treats an address starting with www. as external, opened over https, when the host is allowed', () => {
    expect(resolveNextUrl('www.example.org/page', ['www.example.org'], origin)).toBe('https://www.example.org/page');
  });
});

describe('resolveNextUrl: refused', () => {
  it.each([
    null,
    undefined,
    '',
    '   ',
    'https://evil.com',
    'https://evil.com/studio/',
    'http://docs.example.com.evil.com/',
    'https://evil.com?docs.example.com',
    'https://docs.example.com@evil.com/',
    'https://evil.com@docs.example.com/',
    'https://reports.example.com/',
    'www.evil.com',
    '//evil.com',
    '///evil.com',
    '////evil.com/studio',
    '/\\evil.com',
    '\\\\evil.com',
    '\\/evil.com',
    '/studio/\\evil.com',
    'https:\\\\evil.com',
    'https:/\\evil.com',
    'https:evil.com',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java%0ascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'mailto:a@example.com',
    '/%2F%2Fevil.com',
    '/%2f%2fevil.com',
    '%2F%2Fevil.com',
    '/%5Cevil.com',
    '/studio/%5C%5Cevil.com',
    '/%252F%252Fevil.com',
    '/studio/%25252F%25252Fevil.com',
    '/studio/../api/logout',
    '/studio/%2e%2e/api',
    '../evil',
    '/\t/evil.com',
    '/\n/evil.com',
    '/studio/\u0000x',
    '/studio/%00x',
    '/studio/%zz',
    'http://docs.example.com/%2F%2Fevil.com',
  ])('%j -> null', (nextUrl) => {
    expect(resolve(nextUrl)).toBeNull();
  });

  it('allows no external host when none is configured', () => {
    expect(resolveNextUrl('https://docs.example.com/', [], origin)).toBeNull();
  });

  it('uses the page origin by default', () => {
    expect(resolveNextUrl(`${window.location.origin}/studio/login`, [])).toBe('/studio/login');
  });
});
