// The repository's eslint.config.mjs keeps server code out of the browser: apps/web and
// libs/validation may import only the web-safe entry of libs/contracts. Runs the real config
// through the ESLint CLI (the config is an ES module, which Jest's CommonJS runtime cannot load).
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const ESLINT = path.join(path.dirname(require.resolve('eslint/package.json')), 'bin', 'eslint.js');

interface LintMessage {
  ruleId: string | null;
  line: number;
  message: string;
}

/** Lints `code` as if it were the file `file` (relative to the repository) with the repo config. */
function lint(file: string, code: string): LintMessage[] {
  const run = spawnSync(
    process.execPath,
    [ESLINT, '--stdin', '--stdin-filename', file, '--format', 'json'],
    { cwd: ROOT, input: code, encoding: 'utf8' },
  );
  if (run.status !== 0 && run.status !== 1) throw new Error(run.stderr || `eslint: ${run.status}`);
  const [result] = JSON.parse(run.stdout) as { messages: LintMessage[] }[];
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports');
}

const CODE = [
  "import { Subjects } from '@examprep/contracts';",
  "import type { Question } from '@examprep/contracts';",
  "import { QuestionInputDto } from '@examprep/contracts/src/qbank/qbank.dto';",
  "import { IsString } from 'class-validator';",
  "import { ApiProperty } from '@nestjs/swagger';",
  "import { QID_PATTERN, type Actor } from '@examprep/contracts/types';",
  'export type Uses = [typeof Subjects, Question, QuestionInputDto, typeof IsString];',
  'export const more = [ApiProperty, QID_PATTERN] as const;',
  'export type Who = Actor;',
].join('\n');

describe('browser code imports only @examprep/contracts/types (eslint.config.mjs)', () => {
  jest.setTimeout(60_000);

  it.each(['apps/web/src/features/probe.tsx', 'libs/validation/src/probe.ts'])(
    '%s: the package root, its files and server packages fail; the types entry passes',
    (file) => {
      const messages = lint(file, CODE);
      expect(messages.map((m) => m.line)).toEqual([1, 2, 3, 4, 5]);
      expect(messages[0].message).toContain(
        "Import '@examprep/contracts/types' in browser code: the package root pulls in @nestjs/swagger and class-validator.",
      );
      expect(messages[2].message).toContain("Import '@examprep/contracts/types' in browser code");
      expect(messages[3].message).toContain('Server packages do not belong in browser code.');
    },
  );

  it('server code may import the package root', () => {
    expect(lint('apps/qbank/src/probe.ts', CODE)).toEqual([]);
  });
});
