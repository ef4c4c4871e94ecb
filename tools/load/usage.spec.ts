import { cpuPercent } from './run.mjs';

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
