import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { Events, ServiceNames } from './subjects';

// Every fact in `Events` is published by some app and read by some app: no dead subject (a
// fact nobody reads is a promise nobody keeps; one nobody publishes is a consumer waiting for
// nothing). A plain scan of the apps' sources (specs aside): a publish is `.publish(Events.x`,
// a reader a nest-kit declaration, `@JetStreamConsumer({ ... subject: Events.x ... })` or
// `@EventListener(Events.x)`. And no service starts a consumer or a subscription of a fact by
// hand: the declarations are the one way (nest-kit's EventHandlersExplorer runs them).
const ROOT = resolve(__dirname, '../../..');
const APPS = join(ROOT, 'apps');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = join(dir, name);
    if (statSync(file).isDirectory()) return name === 'node_modules' ? [] : sources(file);
    return /\.tsx?$/.test(name) && !/\.(spec|type-spec|int-spec)\.tsx?$/.test(name) ? [file] : [];
  });
}

const files = readdirSync(APPS)
  .map((app) => join(APPS, app, 'src'))
  .filter((src) => statSync(src, { throwIfNoEntry: false })?.isDirectory())
  .flatMap(sources)
  .map((file) => ({ file: relative(ROOT, file), text: readFileSync(file, 'utf8') }));

const facts = Object.entries(Events) as [keyof typeof Events, string][];
const where = (pattern: RegExp) => files.filter((f) => pattern.test(f.text)).map((f) => f.file);

describe('Events: no dead subject', () => {
  it('finds the apps (the scan reads something)', () => {
    expect(files.length).toBeGreaterThan(50);
  });

  it.each(facts)('%s is published by an app', (key) => {
    expect(where(new RegExp(`\\.publish\\(\\s*Events\\.${key}\\b`))).not.toEqual([]);
  });

  it.each(facts)('%s is consumed or listened to by an app', (key) => {
    const consumer = new RegExp(
      `@JetStreamConsumer\\(\\{[^}]*subject:\\s*Events\\.${key}\\b|@EventListener\\(\\s*Events\\.${key}\\b`,
    );
    expect(where(consumer)).not.toEqual([]);
  });
});

describe('one consumer declaration', () => {
  const services = files.filter((f) =>
    ServiceNames.some((s) => f.file.startsWith(`apps/${s}/src/`)),
  );

  it('no service consumes a fact by hand (`bus.consume(...)`): @JetStreamConsumer does', () => {
    expect(services.filter((f) => /\.consume\(/.test(f.text)).map((f) => f.file)).toEqual([]);
  });

  it('no service subscribes to a fact by hand (`connection.subscribe(Events.x)`): @EventListener does', () => {
    const subscribes = /\.subscribe\(\s*(Events\.|subject\b)/;
    expect(services.filter((f) => subscribes.test(f.text)).map((f) => f.file)).toEqual([]);
  });
});
