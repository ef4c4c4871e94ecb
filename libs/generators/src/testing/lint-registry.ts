/**
 * The language and notation lint (../lint) over every topic of the registry (issue 28):
 * each topic's items for seeds 0 … LINT_SEEDS-1 must have no problem. Test-only (not in the
 * build); the lint/registry-*.spec.ts files each run a share of the topics so Jest runs them
 * in parallel.
 */
import { lintItem, type LintProblem } from '../lint';
import { generate, generatorKeys } from '../registry';

export const LINT_SEEDS = 10_000;
/** How many offending seeds a failure lists. */
const SHOWN = 5;

/** The problems of a topic's first `seeds` items, as report lines (empty when clean). */
export function lintTopic(topicKey: string, seeds = LINT_SEEDS): string[] {
  const lines: string[] = [];
  let offending = 0;
  for (let seed = 0; seed < seeds; seed++) {
    const problems: LintProblem[] = lintItem(generate(topicKey, seed));
    if (problems.length === 0) continue;
    offending++;
    if (offending > SHOWN) continue;
    for (const p of problems)
      lines.push(`${topicKey}~${seed} ${p.rule} [${p.place}] ${p.message}: ${p.found}`);
  }
  if (offending > SHOWN) lines.push(`… ${offending} of ${seeds} seeds of ${topicKey} offend`);
  return lines;
}

/** The registry's topic keys that start with `prefix` (and are not in `except`). */
export function topicsOf(prefix: string, except: (key: string) => boolean = () => false): string[] {
  return generatorKeys().filter((key) => key.startsWith(prefix) && !except(key));
}

/** One test per topic: its items over LINT_SEEDS seeds have no language or notation problem. */
export function describeLint(name: string, keys: string[]): void {
  describe(`language and notation lint: ${name}`, () => {
    it('covers some topics', () => expect(keys.length).toBeGreaterThan(0));
    // 2-4 s a topic alone; the margin is for npm test, where every unit project runs at once
    it.each(keys)(
      `%s: no problem in ${LINT_SEEDS} seeds`,
      (key) => {
        expect(lintTopic(key)).toEqual([]);
      },
      120_000,
    );
  });
}
