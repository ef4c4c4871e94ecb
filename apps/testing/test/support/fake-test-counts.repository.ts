import type {
  TestCount,
  TestCountsBuildStats,
  TestCountsRepository,
} from '../../src/exams/test-counts.repository';

interface Marker {
  state: 'building' | 'built';
  by: string;
  startedAt: Date;
  beatAt: Date;
  stats: TestCountsBuildStats | null;
}

/** An in-memory TestCountsRepository for the unit specs (the same rules as the Mongo one). */
export class FakeTestCountsRepository implements TestCountsRepository {
  readonly counts = new Map<string, TestCount>();
  marker: Marker | null = null;

  async add(uid: string, delta: number, at: Date): Promise<TestCount> {
    const before = this.counts.get(uid);
    return this.put({ uid, n: (before?.n ?? 0) + delta, version: (before?.version ?? 0) + 1, at });
  }

  async set(uid: string, n: number, at: Date): Promise<TestCount> {
    return this.put({ uid, n, version: (this.counts.get(uid)?.version ?? 0) + 1, at });
  }

  async setIfVersion(uid: string, n: number, version: number, at: Date): Promise<TestCount | null> {
    if ((this.counts.get(uid)?.version ?? 0) !== version) return null;
    return this.put({ uid, n, version: version + 1, at });
  }

  async find(uid: string): Promise<TestCount | null> {
    const c = this.counts.get(uid);
    return c ? { ...c, at: new Date(c.at) } : null;
  }

  async claimBuild(by: string, now: Date, staleBefore: Date): Promise<Date | null> {
    if (this.marker === null) {
      this.marker = { state: 'building', by, startedAt: now, beatAt: now, stats: null };
      return now;
    }
    if (this.marker.state === 'built' || this.marker.beatAt >= staleBefore) return null;
    this.marker = { ...this.marker, by, startedAt: now, beatAt: now };
    return now;
  }

  async beat(by: string, now: Date): Promise<boolean> {
    if (this.marker?.state !== 'building' || this.marker.by !== by) return false;
    this.marker.beatAt = now;
    return true;
  }

  async finishBuild(by: string, now: Date, stats: TestCountsBuildStats): Promise<void> {
    if (this.marker?.state !== 'building' || this.marker.by !== by) return;
    this.marker = { ...this.marker, state: 'built', beatAt: now, stats: { ...stats } };
  }

  /** The other markers: name -> stats of the job. */
  readonly done = new Map<string, Record<string, number>>();

  async isDone(name: string): Promise<boolean> {
    return this.done.has(name);
  }

  async markDone(
    name: string,
    _by: string,
    _now: Date,
    stats: Record<string, number>,
  ): Promise<void> {
    if (!this.done.has(name)) this.done.set(name, { ...stats });
  }

  private put(count: TestCount): TestCount {
    this.counts.set(count.uid, { ...count, at: new Date(count.at) });
    return { ...count, at: new Date(count.at) };
  }
}
