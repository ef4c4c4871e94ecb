import fc from 'fast-check';
import { removeScriptUrls, scriptUrlPattern } from './script-url.util';

const hasScriptUrl = (text: string) => scriptUrlPattern().test(text);

describe('removeScriptUrls', () => {
  it.each([
    ['javascript:alert(1)', 'alert(1)'],
    ['JaVaScRiPt:alert(1)', 'alert(1)'],
    ['java\tscript:alert(1)', 'alert(1)'],
    ['java\nscript :alert(1)', 'alert(1)'],
    ['vbscript:msgbox(1)', 'msgbox(1)'],
    ['go javajavascript:script:x', 'go x'],
    ['time: 5 minutes', 'time: 5 minutes'],
  ])('%p becomes %p', (input, expected) => {
    expect(removeScriptUrls(input)).toBe(expected);
  });

  it('leaves no script URL, however deeply it is nested', () => {
    const nested = 'java'.repeat(40) + 'javascript:' + 'script:'.repeat(40) + 'alert(1)';
    expect(hasScriptUrl(removeScriptUrls(nested))).toBe(false);
  });

  it('property: the result never holds a javascript: or vbscript: URL', () => {
    const piece = fc.constantFrom('java', 'script', ':', 'vb', 'j', 'a', ' ', '\t', 'x', 'S');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), (pieces) => {
        expect(hasScriptUrl(removeScriptUrls(pieces.join('')))).toBe(false);
      }),
    );
  });
});
