// The repository's documentation stands on its own (issue 27 item 6): no Markdown file sends a
// reader outside the repository, every relative link of README.md and docs/ leads to a file
// (and heading) that exists, and the behaviour reference quotes only texts the product shows.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

/** Tracked files matching the pathspecs that are in the work tree (a deletion may be unstaged). */
function tracked(...pathspecs: string[]): string[] {
  const out = execFileSync('git', ['ls-files', '-z', '--', ...pathspecs], { cwd: root });
  return out
    .toString('utf8')
    .split('\0')
    .filter((f) => f !== '' && !f.split('/').includes('node_modules'))
    .filter((f) => fs.existsSync(path.join(root, f)));
}

/** The Markdown without fenced code blocks and inline code spans (what a reader can click). */
function prose(markdown: string): string {
  return markdown
    .replace(/^( {0,3})(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1\2[^\n]*$/gm, '')
    .replace(/(`+)[^`]*?\1/g, '');
}

/** Link targets: inline links and images `[x](target)`, and reference definitions `[x]: target`. */
function linkTargets(markdown: string): string[] {
  const text = prose(markdown);
  const targets: string[] = [];
  for (const m of text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) targets.push(m[1]);
  for (const m of text.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)) targets.push(m[1]);
  return targets;
}

const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target);

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to dashes, -N for repeats. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  const text = markdown.replace(/^( {0,3})(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1\2[^\n]*$/gm, '');
  for (const m of text.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = m[1]
      .replace(/`/g, '')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

/** Where a relative target of `file` leads, relative to the repository root (may start with ..). */
function resolveTarget(file: string, target: string): { file: string; anchor: string | null } {
  const [pathPart, anchor] = target.split('#', 2) as [string, string | undefined];
  const decoded = decodeURIComponent(pathPart);
  const resolved = decoded === '' ? file : path.posix.join(path.posix.dirname(file), decoded);
  return { file: path.posix.normalize(resolved), anchor: anchor ?? null };
}

const outside = (rel: string) => rel === '..' || rel.startsWith('../') || path.isAbsolute(rel);

describe('Markdown stays inside the repository', () => {
  const markdownFiles = tracked('*.md');

  it('finds the tracked Markdown files', () => {
    expect(markdownFiles).toEqual(expect.arrayContaining(['README.md', 'docs/DESIGN.md']));
  });

  it.each(markdownFiles)('%s neither links nor points outside the repository', (file) => {
    const text = prose(read(file));
    const problems: string[] = [];
    // a path written as text (the old `../shared/spec`) counts as much as a link
    for (const m of text.matchAll(/(?:^|[\s'"(<[])((?:\.\.\/)+[\w.@+-]+(?:\/[\w.@+-]*)*)/gm)) {
      if (outside(path.posix.normalize(path.posix.join(path.posix.dirname(file), m[1]))))
        problems.push(`path ${m[1]}`);
    }
    if (/(?:^|[^\w./-])\.\.\/shared\b/.test(read(file))) problems.push('names ../shared');
    for (const target of linkTargets(read(file))) {
      if (isExternal(target) || target.startsWith('#')) continue;
      if (target.startsWith('/') || target.startsWith('~'))
        problems.push(`absolute link ${target}`);
      else if (outside(resolveTarget(file, target).file)) problems.push(`link ${target}`);
    }
    expect(problems).toEqual([]);
  });
});

describe('the relative links of README.md and docs/ resolve', () => {
  const files = tracked('README.md', 'docs/*.md', 'docs/**/*.md');

  it.each(files)('%s links to files and headings that exist', (file) => {
    const broken: string[] = [];
    for (const target of linkTargets(read(file))) {
      if (isExternal(target)) continue;
      const { file: to, anchor } = resolveTarget(file, target);
      const absolute = path.join(root, to);
      if (!fs.existsSync(absolute)) {
        broken.push(`${target} (no ${to})`);
        continue;
      }
      if (anchor && to.endsWith('.md') && !anchors(read(to)).has(anchor.toLowerCase()))
        broken.push(`${target} (no heading #${anchor} in ${to})`);
    }
    expect(broken).toEqual([]);
  });
});

describe('the behaviour reference quotes the product', () => {
  /** The texts' homes: the apps' and libs' sources and the login theme, without specs. */
  const sources = tracked('apps/*/src/**', 'libs/*/src/**', 'deploy/keycloak/themes/**')
    .filter((f) => /\.(ts|tsx|cjs|js|ftl|properties)$/.test(f))
    .filter((f) => !/\.(spec|int-spec|type-spec)\.tsx?$|\.generated\.ts$/.test(f))
    .map((f) =>
      read(f)
        // an escaped backslash or quote inside a TS string, and MessageFormat's doubled apostrophe
        .replace(/\\\\/g, '\\')
        .replace(/\\'/g, "'")
        .replace(/''/g, "'"),
    )
    .join('\n');

  /** "Texts in double quotes" of the prose, as the pieces between `{placeholders}`. */
  function quotedPieces(markdown: string): string[] {
    const pieces: string[] = [];
    for (const m of prose(markdown).matchAll(/"([^"\n]+(?:\n[^"\n]+)*)"/g)) {
      for (const piece of m[1].replace(/\s+/g, ' ').split(/\{[^}]*\}/)) {
        const text = piece.trim();
        if (/[\p{L}\p{N}]/u.test(text)) pieces.push(text);
      }
    }
    return pieces;
  }

  const references = tracked('docs/product/*.md');

  it('has the learner and admin references', () => {
    expect(references).toEqual(
      expect.arrayContaining(['docs/product/learner.md', 'docs/product/admin.md']),
    );
  });

  it.each(references)('every text %s quotes is in the code', (file) => {
    const pieces = quotedPieces(read(file));
    expect(pieces.length).toBeGreaterThan(50);
    expect(pieces.filter((piece) => !sources.includes(piece))).toEqual([]);
  });
});
