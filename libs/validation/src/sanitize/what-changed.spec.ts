import { WHAT_CHANGED_ITEMS } from './sanitize.constants';
import { whatChanged } from './what-changed';

describe("whatChanged (admin spec §2.2 'What Changed')", () => {
  it('words the items as the spec lists them', () => {
    expect(Object.values(WHAT_CHANGED_ITEMS)).toEqual([
      'Length changed',
      'HTML tags removed',
      'Script content removed',
      'JavaScript URLs removed',
    ]);
  });

  it('lists nothing when nothing changed', () => {
    expect(whatChanged('<b>same</b>', '<b>same</b>')).toEqual([]);
  });

  it.each([
    ['Hello', 'hello', []],
    [' a@b.co', 'a@b.co', ['Length changed']],
    ['<b>Hi</b>', 'Hi', ['Length changed', 'HTML tags removed']],
    ['<div>Hi</div>', 'Hi', ['Length changed', 'HTML tags removed']],
    [
      '<script>x()</script>Hi',
      'Hi',
      ['Length changed', 'HTML tags removed', 'Script content removed'],
    ],
    [
      '<img src=x onerror=go()>',
      '',
      ['Length changed', 'HTML tags removed', 'Script content removed'],
    ],
    ['javascript:go()', 'go()', ['Length changed', 'JavaScript URLs removed']],
    [
      '<a href="javascript:go()">x</a>',
      'x',
      ['Length changed', 'HTML tags removed', 'JavaScript URLs removed'],
    ],
  ])('%p -> %p lists %p', (original, sanitized, items) => {
    expect(whatChanged(original, sanitized)).toEqual(items);
  });
});
