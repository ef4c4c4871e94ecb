// Types of harness.cjs (the one way to bring a system of a profile up and down).

/** One command of a plan: what it does (for logs and errors), the program and its arguments. */
export interface Step {
  what: string;
  cmd: string;
  args: string[];
}

interface Common {
  /** dev | test | fault | load … (tools/infra/infra.config.json); default test. */
  profile?: string;
  /** Called with each step's name before it runs. */
  log?: (what: string) => void;
  /** Keep the steps' output (the end of it goes into the error) instead of showing it. */
  quiet?: boolean;
  /** Stop a step that runs longer than this. */
  timeoutMs?: number;
}

export interface UpOptions extends Common {
  /** false: leave the local servers alone (another backend, e.g. containers, runs them). */
  infra?: boolean;
  /** Install the local servers first (infra.sh install: what is missing only). */
  install?: boolean;
  /** Stop the apps and wipe the servers' data before starting (a fresh test run). */
  reset?: boolean;
  /** Build every app (nx run-many -t build) before the apps start. */
  build?: boolean;
  /** false: no seed; 'no-media': the seed without media objects. Default: the full seed. */
  seed?: boolean | 'no-media';
  /** false: do not start the apps. */
  apps?: boolean;
  /** false: the apps without the web app. */
  web?: boolean;
  /** Only these apps (system.cjs --only). */
  only?: string[];
  /** Extra environment of the apps (system.cjs --env K=V). */
  env?: Record<string, string>;
}

export interface DownOptions extends Common {
  /** false: stop only the apps, leave the local servers running. */
  infra?: boolean;
  /** Stop only these apps (the servers keep running). */
  only?: string[];
}

export function upPlan(o: UpOptions): Step[];
export function downPlan(o: DownOptions): Step[];
export function up(o?: UpOptions): Promise<void>;
export function down(o?: DownOptions): Promise<void>;
export function upSync(o?: UpOptions): void;
export function downSync(o?: DownOptions): void;
export function parseArgs(argv: string[]): { cmd: 'up' | 'down'; options: UpOptions & DownOptions };
