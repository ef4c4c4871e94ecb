import fc from 'fast-check';
import { hasHtmlTag, stripHtmlTags } from './html-tags.util';

describe('hasHtmlTag', () => {
  it.each([
    '<b>2</b>',
    '<img src=x>',
    '</p>',
    '<!-- note -->',
    '<!doctype html>',
    '1<x>3',
    '<a x< y>',
  ])('finds a tag in %p', (text) => {
    expect(hasHtmlTag(text)).toBe(true);
  });

  it.each(['x<y', 'x < y', '3 < x > 1', '2<3', 'x <= 5 >= 3', '<3 you', 'a<', '<script', ''])(
    'finds none in %p (inequalities and unfinished tags are text)',
    (text) => {
      expect(hasHtmlTag(text)).toBe(false);
    },
  );
});

describe('stripHtmlTags', () => {
  it.each([
    ['<b>2</b> + <i>3</i>', '2 + 3'],
    ['<script>alert("x")</script>5', '5'],
    ['<STYLE>body{}</style >5', '5'],
    ['<script>never closed', ''],
    ['x<y and 3 < 4', 'x<y and 3 < 4'],
    ['<<b>script>alert(1)</script>', ''],
    ['a<!-- hidden -->b', 'ab'],
  ])('%p becomes %p', (input, expected) => {
    expect(stripHtmlTags(input)).toBe(expected);
  });

  it('property: the result has no complete tag left', () => {
    const piece = fc.constantFrom('<', '>', '/', 'b', 'script', 'x', ' ', '!--', '--', '1');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 80 }), (pieces) => {
        expect(hasHtmlTag(stripHtmlTags(pieces.join('')))).toBe(false);
      }),
    );
  });

  it('stays fast on hostile input', () => {
    const hostile = '<a '.repeat(20000) + '<<<<<' + '<b>'.repeat(20000) + '>';
    const started = Date.now();
    stripHtmlTags(hostile);
    hasHtmlTag(hostile);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
