import { cpuMsPerRequest, cpuPercent, cpuSecondsOf, journeyCost } from './run.mjs';

describe('cpuPercent (the knee: CPU per process over a stage)', () => {
  it('is the CPU seconds used in between over the wall seconds, in % of one core', () => {
    const before = { gateway: { kb: 1, cpuS: 10 }, ferretdb: { kb: 1, cpuS: 4 } };
    const after = {
      gateway: { kb: 1, cpuS: 40 },
      ferretdb: { kb: 1, cpuS: 19 },
      started: { kb: 1, cpuS: 3 },
    };
    // a process that was not there before has no figure
    expect(cpuPercent(before, after, 60)).toEqual({ gateway: 50, ferretdb: 25 });
    expect(cpuPercent(before, after, 0)).toEqual({});
  });
});

describe('cpuSecondsOf (CPU time to the clock tick)', () => {
  it('reads this process from /proc, and null for a process that is not there', () => {
    const spent = cpuSecondsOf(process.pid);
    expect(spent).not.toBeNull();
    expect(spent).toBeGreaterThan(0);
    // user + system of this process, as Node counts them (ticks of 10 ms)
    const { user, system } = process.cpuUsage();
    expect(Math.abs((spent as number) - (user + system) / 1e6)).toBeLessThan(0.5);
    expect(cpuSecondsOf(2 ** 30)).toBeNull();
  });
});

describe('cpuMsPerRequest and journeyCost (--cost: where a journey spends its CPU)', () => {
  it("divides each process's CPU by the requests sent, in ms", () => {
    const before = { gateway: { kb: 1, cpuS: 10 }, testing: { kb: 1, cpuS: 2 } };
    const after = {
      gateway: { kb: 1, cpuS: 10.8 },
      testing: { kb: 1, cpuS: 3.2 },
      started: { kb: 1, cpuS: 1 },
    };
    expect(cpuMsPerRequest(before, after, 400)).toEqual({ gateway: 2, testing: 3 });
    expect(cpuMsPerRequest(before, after, 0)).toEqual({});
  });

  it('leaves out what each process spends idle over the same time (never below 0)', () => {
    const before = { gateway: { kb: 1, cpuS: 10 }, testing: { kb: 1, cpuS: 2 } };
    const after = { gateway: { kb: 1, cpuS: 10.8 }, testing: { kb: 1, cpuS: 2.05 } };
    // idle: gateway 16 ms a second, testing 5; over 20 s: 0.32 s and 0.1 s
    expect(cpuMsPerRequest(before, after, 400, { gateway: 16, testing: 5 }, 20)).toEqual({
      gateway: 1.2,
      testing: 0,
    });
  });

  it('weights each route by its requests in one journey', () => {
    const routes: { route: string; cpuMs: Record<string, number> }[] = [
      { route: 'save-practice-answer', cpuMs: { gateway: 1, testing: 2 } },
      { route: 'create-test', cpuMs: { gateway: 1.5, qbank: 4 } },
      { route: 'questions', cpuMs: { gateway: 3, qbank: 10 } },
    ];
    const weights = { 'save-practice-answer': 3, 'create-test': 1, questions: 0.1 };
    expect(journeyCost(routes, weights)).toEqual({ gateway: 4.8, testing: 6, qbank: 5 });
  });
});
