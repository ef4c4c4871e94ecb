import fc from 'fast-check';
import { BLOCKED_TAGS, checkSecurity, isSecure, type SecurityFindingKind } from './security-check';

const kinds = (text: string) => checkSecurity(text).findings.map((f) => f.kind);

describe('checkSecurity (learner spec §5 "Security check applied by all validators")', () => {
  it('passes empty input', () => {
    expect(checkSecurity('')).toEqual({ safe: true, findings: [] });
  });

  it.each<[string, SecurityFindingKind]>([
    ['<script>alert(1)</script>', 'script-tag'],
    ['<ScRiPt >', 'script-tag'],
    ['</script>', 'script-tag'],
    ['<script\nsrc="x.js">', 'script-tag'],
    ['< script>', 'script-tag'],
    ['<iframe src="x">', 'html-tag'],
    ['<object data="x">', 'html-tag'],
    ['<embed src="x">', 'html-tag'],
    ['<link rel="stylesheet">', 'html-tag'],
    ['<meta http-equiv="refresh">', 'html-tag'],
    ['<form action="x">', 'html-tag'],
    ['<input type="text">', 'html-tag'],
    ['<button>', 'html-tag'],
    ['<div>', 'html-tag'],
    ['</div>', 'html-tag'],
    ['</ DIV >', 'html-tag'],
    ['<span class="a">', 'html-tag'],
    ['<br/>', 'html-tag'],
    ['<BR>', 'html-tag'],
    ['1 + <br', 'html-tag'],
    ['javascript:alert(1)', 'script-url'],
    ['JAVASCRIPT:alert(1)', 'script-url'],
    ['java\tscript:alert(1)', 'script-url'],
    ['java\u0000script:alert(1)', 'script-url'],
    ['javascript :alert(1)', 'script-url'],
    ['&#106;avascript:alert(1)', 'script-url'],
    ['&#x6A;avascript&colon;alert(1)', 'script-url'],
    ['vbscript:msgbox(1)', 'script-url'],
    ['VbScRiPt:msgbox(1)', 'script-url'],
    ['&lt;script&gt;alert(1)', 'script-tag'],
    ['data:text/html,<b>hi</b>', 'data-uri'],
    ['DATA:text/html;charset=utf-8,hi', 'data-uri'],
    ['data:image/svg+xml,<svg/>', 'data-uri'],
    ['data:application/javascript,alert(1)', 'data-uri'],
    ['data:text/plain;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==', 'data-uri'],
    ['data:;base64,amF2YXNjcmlwdDphbGVydCgxKQ==', 'data-uri'],
    ['@import url(evil.css)', 'css-import'],
    ['@IMPORT "x"', 'css-import'],
    ['@\\69mport "x"', 'css-import'],
    ['<img src=x onerror=alert(1)>', 'event-handler'],
    ['onload =go()', 'event-handler'],
    ['x onclick\n= y', 'event-handler'],
    ['<svg/onload=alert(1)>', 'event-handler'],
  ])('rejects %p (%s)', (text, kind) => {
    const result = checkSecurity(text);
    expect(result.safe).toBe(false);
    expect(kinds(text)).toContain(kind);
  });

  it.each([
    'x < 5',
    'x<y',
    '3 < x > 1',
    'x ≤ 10, y ≥ 2',
    '5 ± 2',
    'function = 3',
    'conversion = 2.5',
    'data:text/plain,hello',
    'data:text/plain;base64,aGVsbG8gd29ybGQ=',
    '<b>bold</b>',
    '<divider>',
    'student@example.com',
    'Hello! How are you?',
    'time: 10:30',
    'java script is a language',
  ])('accepts %p', (text) => {
    expect(checkSecurity(text)).toEqual({ safe: true, findings: [] });
    expect(isSecure(text)).toBe(true);
  });

  it("lists what it found for the tester's 'What Changed'", () => {
    const result = checkSecurity('<div onclick="x">go</div><a href="javascript:void(0)">');
    expect(result.safe).toBe(false);
    expect(result.findings).toEqual([
      { kind: 'html-tag', match: '<div' },
      { kind: 'html-tag', match: '</div' },
      { kind: 'script-url', match: 'javascript:' },
      { kind: 'event-handler', match: 'onclick=' },
    ]);
  });

  it('reports at most 20 findings', () => {
    const letters = (i: number) => String.fromCharCode(97 + Math.floor(i / 26), 97 + (i % 26));
    const text = Array.from({ length: 50 }, (_, i) => `<div id=${i}>onzz${letters(i)}=`).join('');
    expect(checkSecurity(text).findings.length).toBe(20);
  });

  it('stays fast on long hostile input', () => {
    const hostile =
      '<'.repeat(5000) + ' '.repeat(50000) + 'on' + 'a'.repeat(50000) + 'j '.repeat(9999);
    const started = Date.now();
    checkSecurity(hostile);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  describe('properties', () => {
    const safeText = fc.string({
      unit: fc.constantFrom(...'abcdefgh 0123456789.,+-*/()^=≤≥±'.split('')),
      maxLength: 40,
    });
    const tagSpelling = fc
      .tuple(
        fc.constantFrom(...BLOCKED_TAGS),
        fc.boolean(),
        fc.constantFrom('', ' ', '\n', '\t'),
        fc.constantFrom('>', '/>', ' class="x">', '\n>', ' '),
      )
      .chain(([tag, closing, space, end]) =>
        fc.array(fc.boolean(), { minLength: tag.length, maxLength: tag.length }).map((upper) => {
          const name = [...tag].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join('');
          return `<${closing ? '/' : ''}${space}${name}${end}`;
        }),
      );

    it('any blocked tag, in any case and spelling, wrapped in harmless text is rejected', () => {
      fc.assert(
        fc.property(safeText, tagSpelling, safeText, (before, tag, after) => {
          expect(isSecure(`${before}${tag}${after}`)).toBe(false);
        }),
      );
    });

    it('any javascript:/vbscript: with gaps, entities or case changes is rejected', () => {
      const letterForm = (c: string) =>
        fc.constantFrom(
          c,
          c.toUpperCase(),
          `&#${c.charCodeAt(0)};`,
          `&#x${c.charCodeAt(0).toString(16)};`,
        );
      const scheme = fc
        .constantFrom('javascript', 'vbscript')
        .chain((word) =>
          fc
            .tuple(
              ...[...word].map((c) =>
                fc.tuple(letterForm(c), fc.constantFrom('', '', '\t', '\n', '\u0000')),
              ),
            )
            .map((parts) => parts.map(([l, gap]) => l + gap).join('') + ':'),
        );
      fc.assert(
        fc.property(safeText, scheme, safeText, (before, s, after) => {
          expect(kinds(`${before}${s}${after}`)).toContain('script-url');
        }),
      );
    });

    it('any on<name>= event handler is rejected', () => {
      const handler = fc
        .tuple(fc.stringMatching(/^[a-z]{3,12}$/), fc.constantFrom('', ' ', '\n'))
        .map(([name, space]) => ` on${name}${space}=`);
      fc.assert(
        fc.property(safeText, handler, safeText, (before, h, after) => {
          expect(kinds(`${before}${h}${after}`)).toContain('event-handler');
        }),
      );
    });
  });
});

describe('event handlers versus ordinary text', () => {
  it.each(['one = 1', 'x=one', 'only=2', 'on=3'])('lets %p through', (text) => {
    expect(checkSecurity(text).safe).toBe(true);
  });
  it.each(['<img src=x onerror=alert(1)>', 'oncut=steal()', 'ONLOAD = x', 'onmouseover\t=go()'])(
    'flags %p',
    (text) => expect(checkSecurity(text).safe).toBe(false),
  );
});
