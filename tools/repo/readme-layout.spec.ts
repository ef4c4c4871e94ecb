// README.md's "Layout" lists every app and lib (issue 27: a repository a stranger can run): each
// apps/* and libs/* folder is named there as `apps/<name>/`, and nothing named there is gone.
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');

/** The text of a `## <title>` section of a Markdown document, up to the next `## ` heading. */
function section(markdown: string, title: string): string {
  const lines = markdown.split('\n');
  const start = lines.indexOf(`## ${title}`);
  if (start < 0) throw new Error(`README.md has no "## ${title}" section`);
  const end = lines.findIndex((line, i) => i > start && line.startsWith('## '));
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n');
}

/** The `apps/<name>/` and `libs/<name>/` paths a layout text names. */
const named = (text: string) => [
  ...new Set(
    [...text.matchAll(/(?<![\w/.-])((?:apps|libs)\/[\w.-]+)\//g)].map((m) => m[1] as string),
  ),
];

const folders = (group: string) =>
  fs
    .readdirSync(path.join(ROOT, group), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => `${group}/${e.name}`);

const layout = section(fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8'), 'Layout');

describe("README.md's layout", () => {
  it.each([...folders('apps'), ...folders('libs')])('names %s', (folder) => {
    expect(named(layout)).toContain(folder);
  });

  it('names no app or lib that is not there', () => {
    expect(named(layout).filter((p) => !fs.existsSync(path.join(ROOT, p)))).toEqual([]);
  });
});

describe('the check itself', () => {
  const doc = [
    '# T',
    '## Layout',
    '```',
    'apps/web/   the app',
    'libs/pump/  x',
    '```',
    '## Next',
    'apps/gone/',
  ].join('\n');

  it('reads only the Layout section', () => {
    expect(named(section(doc, 'Layout'))).toEqual(['apps/web', 'libs/pump']);
  });

  it('does not take a folder named inside another path', () => {
    expect(named('tools/apps/x/ and docs/libs/y/ and apps/z/')).toEqual(['apps/z']);
  });

  it('fails on a missing section', () => {
    expect(() => section(doc, 'Other')).toThrow('README.md has no "## Other" section');
  });
});
