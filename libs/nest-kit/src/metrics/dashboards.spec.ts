// The Grafana dashboard of deploy/dashboards (a JSON model that users import into their own
// Grafana; we install none, Grafana is AGPL): importable as a shared dashboard (a DS_PROMETHEUS
// input, no data source uid of ours, panels on the 24-column grid without overlap), and every
// PromQL expression in it names only series this code registers (read from the registry, with
// prom-client's default process metrics) and only labels those series carry. A renamed metric
// or label fails here, as does an exported metric of METRIC_NAMES without a panel.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { initMetrics, METRIC_NAMES, metricsRegistry } from './metrics';

const DASHBOARD = join(__dirname, '../../../../deploy/dashboards/examprep-grafana.json');

/** Labels Prometheus adds to every scraped series (target labels), beside our own. */
const TARGET_LABELS = ['instance', 'job', 'namespace', 'pod', 'exported_service'];

/** PromQL functions and aggregations the dashboard may call. */
const FUNCTIONS = new Set([
  'sum',
  'max',
  'min',
  'avg',
  'count',
  'topk',
  'rate',
  'increase',
  'changes',
  'histogram_quantile',
]);
const KEYWORDS = new Set(['by', 'without', 'on', 'ignoring', 'and', 'or', 'unless', 'bool']);

interface Selector {
  metric: string;
  labels: string[];
}

/**
 * The metric selectors of one PromQL expression (Grafana's $variables allowed) and the labels
 * of its by/without/on clauses; throws on a function it does not know. Grafana's variable query
 * label_values(<selector>, <label>) too.
 */
function parsePromQl(expr: string): { selectors: Selector[]; grouping: string[] } {
  const lv = /^\s*label_values\((.*),\s*([a-zA-Z_]\w*)\s*\)\s*$/.exec(expr);
  if (lv) {
    const inner = parsePromQl(lv[1]!);
    return { selectors: inner.selectors, grouping: [...inner.grouping, lv[2]!] };
  }
  let rest = expr.replace(/"(?:[^"\\]|\\.)*"/g, '""').replace(/\[[^\]]*\]/g, '');
  const grouping: string[] = [];
  rest = rest.replace(/\b(by|without|on|ignoring)\s*\(([^)]*)\)/g, (_m, _k, labels: string) => {
    grouping.push(
      ...labels
        .split(',')
        .map((l) => l.trim())
        .filter(Boolean),
    );
    return ' ';
  });
  const selectors: Selector[] = [];
  rest = rest.replace(/([a-zA-Z_:][\w:]*)?\s*\{([^}]*)\}/g, (_m, metric: string, body: string) => {
    const labels = [...body.matchAll(/([a-zA-Z_]\w*)\s*(?:=~|!~|!=|=)/g)].map((l) => l[1]!);
    selectors.push({ metric: metric ?? '', labels });
    return ' ';
  });
  for (const m of rest.matchAll(/([a-zA-Z_:][\w:]*)(\s*\()?/g)) {
    const [, name, call] = m;
    if (call) {
      if (!FUNCTIONS.has(name!)) throw new Error(`unknown function ${name} in ${expr}`);
    } else if (!KEYWORDS.has(name!)) selectors.push({ metric: name!, labels: [] });
  }
  return { selectors, grouping };
}

/** Every series name this process exports (histograms as _bucket, _sum, _count) -> its labels. */
async function registeredSeries(): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>();
  for (const metric of await metricsRegistry.getMetricsAsJSON()) {
    const single = metricsRegistry.getSingleMetric(metric.name) as unknown as {
      labelNames?: readonly string[];
    };
    const labels = new Set([...(single.labelNames ?? []), 'service', ...TARGET_LABELS]);
    if (String(metric.type) === 'histogram') {
      out.set(`${metric.name}_bucket`, new Set([...labels, 'le']));
      out.set(`${metric.name}_sum`, labels);
      out.set(`${metric.name}_count`, labels);
    } else out.set(metric.name, labels);
  }
  return out;
}

interface Target {
  expr: string;
  refId: string;
  datasource?: { type?: string; uid?: string };
}
interface Panel {
  id: number;
  type: string;
  title: string;
  gridPos: { x: number; y: number; w: number; h: number };
  datasource?: { type?: string; uid?: string };
  targets?: Target[];
}
interface Dashboard {
  __inputs: { name: string; type: string; pluginId: string }[];
  uid: string;
  title: string;
  id: number | null;
  schemaVersion: number;
  panels: Panel[];
  templating: {
    list: { name: string; query: { query: string }; datasource: Panel['datasource'] }[];
  };
}

const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as Dashboard;
const exprs = [
  ...dashboard.panels.flatMap((p) =>
    (p.targets ?? []).map((t) => ({ where: p.title, expr: t.expr })),
  ),
  ...dashboard.templating.list.map((v) => ({ where: `$${v.name}`, expr: v.query.query })),
];

describe('the Grafana dashboard (deploy/dashboards/examprep-grafana.json)', () => {
  let series: Map<string, Set<string>>;
  beforeAll(async () => {
    initMetrics('unit');
    series = await registeredSeries();
  });

  it('reads PromQL: selectors, their labels, grouping labels; an unknown function fails', () => {
    expect(
      parsePromQl(
        'histogram_quantile(0.95, sum by (le, route) (rate(x_bucket{service=~"$service", route!="/a{b}"}[$__rate_interval])))',
      ),
    ).toEqual({
      selectors: [{ metric: 'x_bucket', labels: ['service', 'route'] }],
      grouping: ['le', 'route'],
    });
    expect(parsePromQl('sum(rate(a_total[5m])) / sum(rate(b_count[5m]))').selectors).toEqual([
      { metric: 'a_total', labels: [] },
      { metric: 'b_count', labels: [] },
    ]);
    expect(parsePromQl('label_values(m{service=~"$service"}, route)')).toEqual({
      selectors: [{ metric: 'm', labels: ['service'] }],
      grouping: ['route'],
    });
    expect(() => parsePromQl('quantile_over_time(0.9, m[5m])')).toThrow(/unknown function/);
  });

  it('is importable as shared: a DS_PROMETHEUS input and no data source uid of ours', () => {
    expect(dashboard.__inputs).toEqual([
      expect.objectContaining({
        name: 'DS_PROMETHEUS',
        type: 'datasource',
        pluginId: 'prometheus',
      }),
    ]);
    expect(dashboard.id).toBeNull();
    expect(dashboard.uid).toMatch(/^[a-z0-9-]{1,40}$/);
    expect(dashboard.schemaVersion).toBeGreaterThanOrEqual(41);
    const sources = [
      ...dashboard.panels.filter((p) => p.type !== 'row').map((p) => p.datasource),
      ...dashboard.panels.flatMap((p) => (p.targets ?? []).map((t) => t.datasource)),
      ...dashboard.templating.list.map((v) => v.datasource),
    ];
    expect(sources.length).toBeGreaterThan(30);
    for (const ds of sources) expect(ds).toEqual({ type: 'prometheus', uid: '${DS_PROMETHEUS}' });
    // any other uid would be a data source of one installation
    const uids = [...readFileSync(DASHBOARD, 'utf8').matchAll(/"uid": "([^"]*)"/g)].map(
      (m) => m[1],
    );
    expect(new Set(uids)).toEqual(new Set(['${DS_PROMETHEUS}', '-- Grafana --', dashboard.uid]));
  });

  it('lays its panels on the 24-column grid, unique ids, none overlapping', () => {
    const ids = dashboard.panels.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    const cells = new Set<string>();
    for (const { title, gridPos: g } of dashboard.panels) {
      expect({ title, fits: g.x >= 0 && g.w > 0 && g.x + g.w <= 24 && g.h > 0 }).toEqual({
        title,
        fits: true,
      });
      for (let x = g.x; x < g.x + g.w; x++)
        for (let y = g.y; y < g.y + g.h; y++) {
          expect({ title, overlaps: cells.has(`${x},${y}`) }).toEqual({ title, overlaps: false });
          cells.add(`${x},${y}`);
        }
    }
  });

  it('names only series this code registers, with labels they carry', () => {
    expect(exprs.length).toBeGreaterThan(30);
    for (const { where, expr } of exprs) {
      const { selectors, grouping } = parsePromQl(expr);
      expect({ where, selectors: selectors.length > 0 }).toEqual({ where, selectors: true });
      const carried = new Set<string>();
      for (const { metric, labels } of selectors) {
        const known = series.get(metric);
        expect({ where, metric, registered: known !== undefined }).toEqual({
          where,
          metric,
          registered: true,
        });
        const unknown = labels.filter((l) => !known?.has(l));
        expect({ where, metric, unknown }).toEqual({ where, metric, unknown: [] });
        for (const l of known ?? []) carried.add(l);
      }
      const ungrouped = grouping.filter((l) => !carried.has(l));
      expect({ where, ungrouped }).toEqual({ where, ungrouped: [] });
    }
  });

  it('has a panel for every metric of METRIC_NAMES and for the process metrics operators watch', () => {
    const used = new Set(
      exprs.flatMap(({ expr }) =>
        parsePromQl(expr).selectors.map((s) => s.metric.replace(/_(bucket|sum|count)$/, '')),
      ),
    );
    const missing = [
      ...METRIC_NAMES,
      'examprep_process_cpu_seconds_total',
      'examprep_process_resident_memory_bytes',
      'examprep_nodejs_eventloop_lag_p99_seconds',
      'examprep_nodejs_heap_size_used_bytes',
    ].filter((name) => !used.has(name));
    expect(missing).toEqual([]);
  });
});
