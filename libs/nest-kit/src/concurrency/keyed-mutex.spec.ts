import { KeyedMutex } from './keyed-mutex';

const tick = () => new Promise((r) => setTimeout(r, 1));

describe('KeyedMutex', () => {
  it('runs tasks of one key one after another, in arrival order', async () => {
    const sut = new KeyedMutex();
    const log: string[] = [];
    let running = 0;
    const task = (name: string) => async () => {
      running++;
      expect(running).toBe(1);
      log.push(`${name}:start`);
      await tick();
      log.push(`${name}:end`);
      running--;
      return name;
    };
    await expect(
      Promise.all([sut.run('u', task('a')), sut.run('u', task('b')), sut.run('u', task('c'))]),
    ).resolves.toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['a:start', 'a:end', 'b:start', 'b:end', 'c:start', 'c:end']);
    expect(sut.size).toBe(0);
  });

  it('runs tasks of different keys at the same time', async () => {
    const sut = new KeyedMutex();
    const log: string[] = [];
    const task = (name: string) => async () => {
      log.push(`${name}:start`);
      await tick();
      log.push(`${name}:end`);
    };
    await Promise.all([sut.run('u1', task('a')), sut.run('u2', task('b'))]);
    expect(log.slice(0, 2).sort()).toEqual(['a:start', 'b:start']);
  });

  it('goes on after a failed task and passes its error on', async () => {
    const sut = new KeyedMutex();
    const failed = sut.run('u', async () => {
      throw new Error('boom');
    });
    const next = sut.run('u', async () => 'next');
    await expect(failed).rejects.toThrow('boom');
    await expect(next).resolves.toBe('next');
    expect(sut.size).toBe(0);
  });
});
