// Load profiles and thresholds shared by the k6 scripts of tools/load/k6 (for load testers; our
// own measurements use vegeta with the same scenario modules, tools/load/scenarios).
//   PROFILE=smoke   a few iterations/s (the script's smoke rate, below the gateway's per-user
//                   limits) for 30 s: does the deployment answer correctly at all
//   PROFILE=load    RATE iterations/s (the script's default) for DURATION (5m), constant
//   PROFILE=stress  ramps from RATE to 4 x RATE over 10 minutes: where do thresholds break
//   PROFILE=spike   RATE / 4 for a minute, a jump to 4 x RATE within 10 s held for 30 s, back
//                   to RATE / 4 for a minute: does the system absorb a sudden crowd and recover
//   PROFILE=soak    RATE for DURATION (1h): leaks, growing queues, token renewal
// Open model throughout (arrival-rate executors): new iterations start on time whether or not
// the system has answered the earlier ones, as real users do.

/** @typedef {import('k6/options').Options} Options */
/** @typedef {import('k6/options').Scenario} Scenario */

/**
 * @param {string} name
 * @param {number} dflt
 */
export function numberEnv(name, dflt) {
  const raw = __ENV[name];
  if (raw === undefined || raw === '') return dflt;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0)
    throw new Error(`${name} must be a positive number, got "${raw}"`);
  return n;
}

/** The deployment to test, without a trailing slash (e.g. https://app.example.com). */
export function baseUrl() {
  const url = __ENV.BASE_URL;
  if (!url)
    throw new Error('set BASE_URL to the deployment, e.g. -e BASE_URL=https://app.example.com');
  return url.replace(/\/+$/, '');
}

/**
 * The scenario of the chosen PROFILE.
 * @param {number} loadRate   iterations per second of the `load` profile (RATE overrides it)
 * @param {number} smokeRate  iterations per second of the `smoke` profile (RATE overrides it)
 * @returns {Scenario}
 */
export function profileScenario(loadRate, smokeRate) {
  const profile = __ENV.PROFILE || 'smoke';
  const rate = numberEnv('RATE', loadRate);
  const vus = (/** @type {number} */ r) => ({
    preAllocatedVUs: Math.max(5, Math.ceil(r / 4)),
    maxVUs: numberEnv('MAX_VUS', Math.max(50, r * 2)),
  });
  if (profile === 'smoke') {
    const r = numberEnv('RATE', smokeRate);
    return {
      executor: 'constant-arrival-rate',
      rate: r,
      timeUnit: '1s',
      duration: __ENV.DURATION || '30s',
      ...vus(r),
    };
  }
  if (profile === 'load') {
    return {
      executor: 'constant-arrival-rate',
      rate,
      timeUnit: '1s',
      duration: __ENV.DURATION || '5m',
      ...vus(rate),
    };
  }
  if (profile === 'stress') {
    return {
      executor: 'ramping-arrival-rate',
      startRate: rate,
      timeUnit: '1s',
      stages: [
        { target: rate, duration: '1m' },
        { target: 4 * rate, duration: '6m' },
        { target: 4 * rate, duration: '3m' },
      ],
      ...vus(4 * rate),
    };
  }
  if (profile === 'spike') {
    const low = Math.max(1, Math.round(rate / 4));
    return {
      executor: 'ramping-arrival-rate',
      startRate: low,
      timeUnit: '1s',
      stages: [
        { target: low, duration: '1m' },
        { target: 4 * rate, duration: '10s' },
        { target: 4 * rate, duration: '30s' },
        { target: low, duration: '10s' },
        { target: low, duration: '1m' },
      ],
      ...vus(4 * rate),
    };
  }
  if (profile === 'soak') {
    return {
      executor: 'constant-arrival-rate',
      rate,
      timeUnit: '1s',
      duration: __ENV.DURATION || '1h',
      ...vus(rate),
    };
  }
  throw new Error(`PROFILE must be smoke, load, stress, spike or soak, got "${profile}"`);
}

/**
 * Options of a script: one scenario of the chosen profile and the thresholds every profile
 * shares (fewer than 1 % failed requests and failed checks; `{ errors: 'none' }`: no failed
 * request and no failed check at all) plus a p95 per request name.
 * @param {{ load: number, smoke: number }} rates  iterations per second of the profiles
 * @param {Record<string, number>} p95ByName  request name -> p95 target in ms (P95_MS overrides all)
 * @param {{ errors?: 'under 1%' | 'none' }} [goal]
 * @returns {Options}
 */
export function loadOptions(rates, p95ByName, goal = {}) {
  const none = goal.errors === 'none';
  /** @type {Record<string, string[]>} */
  const thresholds = {
    http_req_failed: [none ? 'rate<=0' : 'rate<0.01'],
    checks: [none ? 'rate>=1' : 'rate>0.99'],
  };
  for (const name of Object.keys(p95ByName)) {
    thresholds[`http_req_duration{name:${name}}`] = [
      `p(95)<${numberEnv('P95_MS', p95ByName[name])}`,
    ];
  }
  return {
    scenarios: { main: profileScenario(rates.load, rates.smoke) },
    thresholds,
    summaryTrendStats: ['avg', 'min', 'med', 'p(90)', 'p(95)', 'p(99)', 'max'],
  };
}

/**
 * Thresholds per endpoint group (k6's `group` tag of requests sent inside `group(name, fn)`:
 * `::name`): p95 and p99 of the duration, failed requests and failed checks of each group, and a
 * request count (always met) so that the summary carries each group's count.
 * @param {readonly string[]} groups
 * @param {{ p95: number, p99: number, errorRate: number }} t  P95_MS / P99_MS / ERROR_RATE override
 * @returns {Record<string, string[]>}
 */
export function groupThresholds(groups, t) {
  const p95 = numberEnv('P95_MS', t.p95);
  const p99 = numberEnv('P99_MS', t.p99);
  const errorRate = numberEnv('ERROR_RATE', t.errorRate);
  /** @type {Record<string, string[]>} */
  const out = {};
  for (const g of groups) {
    out[`http_req_duration{group:::${g}}`] = [`p(95)<${p95}`, `p(99)<${p99}`];
    out[`http_req_failed{group:::${g}}`] = [`rate<${errorRate}`];
    out[`checks{group:::${g}}`] = [`rate>${1 - errorRate}`];
    out[`http_reqs{group:::${g}}`] = ['count>=0'];
  }
  return out;
}
