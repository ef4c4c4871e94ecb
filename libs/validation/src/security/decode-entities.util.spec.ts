import fc from 'fast-check';
import { decodeCssEscapes, decodeHtmlEntities } from './decode-entities.util';

describe('decodeHtmlEntities', () => {
  it.each([
    ['&#106;avascript:', 'javascript:'],
    ['&#106avascript:', 'javascript:'],
    ['&#x6A;avascript&colon;', 'javascript:'],
    ['&#X6a;&#0000097;vascript:', 'javascript:'],
    ['java&Tab;script&COLON;', 'java\tscript:'],
    ['java&NewLine;script:', 'java\nscript:'],
    ['&lt;script&gt;', '<script>'],
    ['&ltscript&gt', '<script>'],
    ['&amp;#106;avascript:', 'javascript:'],
    ['x &le; 5 &plusmn; &pi;', 'x ≤ 5 ± π'],
    ['&#0; &#xD800; &#99999999', '\ufffd \ufffd \ufffd9'],
  ])('decodes %p', (input, expected) => {
    expect(decodeHtmlEntities(input)).toBe(expected);
  });

  it.each(['plain text', 'a & b', '&unknown;', '&colon without semicolon', 'AT&T'])(
    'leaves %p as it is',
    (input) => {
      expect(decodeHtmlEntities(input)).toBe(input);
    },
  );
});

describe('decodeHtmlEntities: names of Object.prototype are no references', () => {
  const prototypeKey = fc.constantFrom(
    ...Object.getOwnPropertyNames(Object.prototype),
    '__proto__',
  );

  it('leaves &name; as it is for every member name, in any case', () => {
    fc.assert(
      fc.property(prototypeKey, fc.boolean(), fc.boolean(), (name, lower, semicolon) => {
        const text = `a &${lower ? name.toLowerCase() : name}${semicolon ? ';' : ''} b`;
        expect(decodeHtmlEntities(text)).toBe(text);
      }),
    );
    expect(decodeHtmlEntities('&constructor;')).toBe('&constructor;');
  });
});

describe('decodeCssEscapes', () => {
  it.each([
    ['@\\69mport', '@import'],
    ['@\\000069 mport', '@import'],
    ['@\\import', '@import'],
  ])('decodes %p', (input, expected) => {
    expect(decodeCssEscapes(input)).toBe(expected);
  });
});
