// safeRedirect against the open-redirect / URL-bypass payloads of the OWASP testing guide and the lists built on it
// (WSTG-CLNT-04, PayloadsAllTheThings "Open URL Redirect"), with evil.example as the attacker's host. Whatever the
// payload, the answer is a path on our origin that a browser cannot read as another host, and holds no character
// that is invalid in a Location header.
import { describe, expect, it } from 'vitest';
import { safeRedirect } from './redirect.ts';

const ORIGIN = 'http://localhost:3000';

const PAYLOADS = [
  // Absolute and scheme-relative URLs.
  'http://evil.example',
  'https://evil.example/',
  'HTTPS://EVIL.EXAMPLE/',
  '//evil.example',
  '//evil.example/%2F..',
  '///evil.example',
  '////evil.example',
  '/////evil.example/',
  'http:evil.example',
  'https:/evil.example',
  'http:/\\/\\evil.example',
  '\\\\evil.example',
  '\\/evil.example',
  '/\\evil.example',
  '/\\/evil.example',
  '\\/\\/evil.example',
  '/%5cevil.example',
  '//%5cevil.example',
  '/%2f%2fevil.example',
  '/.//evil.example',
  '/././/evil.example',
  '/..//evil.example',
  '/../..//evil.example',
  '//./evil.example',
  // Credentials and look-alike hosts.
  'http://localhost:3000@evil.example',
  'http://localhost:3000.evil.example',
  '//localhost:3000@evil.example',
  'https://evil.example#@localhost:3000',
  'https://evil.example?@localhost:3000',
  'https://evil.example\\@localhost:3000',
  'http://evil.example%23@localhost:3000',
  '//evil.example\\@localhost:3000',
  '//localhost%2F@evil.example',
  'http://[::1]@evil.example',
  'http://0x7f.0x0.0x0.0x1',
  'http://2130706433',
  'http://evil。example',
  '//evil%E3%80%82example',
  // Control characters and whitespace that browsers drop (issue 14: /%09/evil.example).
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r/evil.example',
  '/\r\n/evil.example',
  '/\u000b/evil.example',
  '/\u000c/evil.example',
  '/\u0000/evil.example',
  '/ /evil.example',
  '/\u00a0/evil.example',
  '/\u2028/evil.example',
  '/\u2029',
  '\u2028//evil.example',
  '/\u200b/evil.example',
  '/\ufeff/evil.example',
  '\t//evil.example',
  ' //evil.example',
  '//\tevil.example',
  'ht\ttp://evil.example',
  'java\nscript:alert(1)',
  // Script and data schemes.
  'javascript:alert(1)',
  'JavaScript:alert(document.domain)',
  'javascript://%0aalert(1)',
  'javascript://localhost:3000/%0aalert(1)',
  '\u0001javascript:alert(1)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  // Same-site values that must survive (encoded where a header needs it).
  '/my-account',
  '/cart?x=1#top',
  '/%09/evil.example',
  '/%0a/evil.example',
  '/%E2%80%A8',
  '/café',
  'http://localhost:3000/my-account',
  'my-account',
  '?redirect=//evil.example',
  '#//evil.example',
];

/** What a browser would do with the Location we send: resolve it against our page. */
function browserTarget(location: string): URL {
  return new URL(location, `${ORIGIN}/login`);
}

describe('safeRedirect', () => {
  it.each(PAYLOADS)('keeps %j on the site', (payload) => {
    const location = safeRedirect(payload, ORIGIN);
    expect(location.startsWith('/')).toBe(true);
    expect(location.startsWith('//')).toBe(false);
    expect(location).not.toContain('\\');
    // Only visible ASCII: nothing a browser strips, nothing invalid in a header.
    expect(location).toMatch(/^[\x21-\x7e]+$/);
    expect(browserTarget(location).origin).toBe(ORIGIN);
    expect(browserTarget(location).host).not.toContain('evil');
  });

  it('keeps a same-site path, query and fragment as they were', () => {
    expect(safeRedirect('/cart?x=1#top', ORIGIN)).toBe('/cart?x=1#top');
    expect(safeRedirect('/my-account/deposit', ORIGIN)).toBe('/my-account/deposit');
    expect(safeRedirect('http://localhost:3000/receipt/chk_1', ORIGIN)).toBe('/receipt/chk_1');
  });

  it('answers the fallback for missing values and for every value leaving the site', () => {
    expect(safeRedirect(undefined, ORIGIN)).toBe('/');
    expect(safeRedirect(null, ORIGIN, '/my-account')).toBe('/my-account');
    expect(safeRedirect('', ORIGIN)).toBe('/');
    expect(safeRedirect(' \t\n', ORIGIN)).toBe('/');
    expect(safeRedirect('//evil.example', ORIGIN)).toBe('/');
    expect(safeRedirect('/\t/evil.example', ORIGIN, '/my-account')).toBe('/my-account');
    expect(safeRedirect('https://evil.example', ORIGIN)).toBe('/');
    expect(safeRedirect('javascript:alert(1)', ORIGIN)).toBe('/');
    expect(safeRedirect('http://localhost:3001/', ORIGIN)).toBe('/');
    expect(safeRedirect('https://localhost:3000/', ORIGIN)).toBe('/');
  });

  it('strips the line separators the login page used to put into Location', () => {
    expect(safeRedirect('/\u2028', ORIGIN)).toBe('/');
    expect(safeRedirect('/my-\naccount', ORIGIN)).toBe('/my-account');
  });

  it('collapses a path that would read as another host', () => {
    expect(safeRedirect('/.//evil.example/x', ORIGIN)).toBe('/evil.example/x');
  });
});
