/** A user's maintained test count (test_counts/{uid}). */
export interface TestCount {
  uid: string;
  n: number;
  version: number;
  at: Date;
}

/** What one build of the counters found and how long it took. */
export interface TestCountsBuildStats {
  tests: number;
  users: number;
  /** The whole build; of it, reading the tests' owners. */
  ms: number;
  readMs: number;
}

/**
 * The port of the per-user test counters (test_counts, one document per user) and of the
 * markers of the one-off jobs (testing_markers: the counters' build, test_counts, and others). MongoTestCountsRepository is the
 * real one; unit specs use FakeTestCountsRepository. Every write moves `version` up by one.
 */
export abstract class TestCountsRepository {
  /** n += delta, version += 1, at (created at n = delta when missing); the count after. */
  abstract add(uid: string, delta: number, at: Date): Promise<TestCount>;

  /** n = n, version += 1, at (created when missing); the count after. */
  abstract set(uid: string, n: number, at: Date): Promise<TestCount>;

  /**
   * n = n, version += 1, at, only while the stored version is `version` (0: no document yet,
   * which is then inserted); the count after, or null when another write came first.
   */
  abstract setIfVersion(
    uid: string,
    n: number,
    version: number,
    at: Date,
  ): Promise<TestCount | null>;

  /** The user's count, or null when none was ever written. */
  abstract find(uid: string): Promise<TestCount | null>;

  /**
   * Claims the build of the counters for `by`: the unique insert of the marker, or the
   * take-over of a claim whose builder has not beaten since `staleBefore` (it stopped). The
   * time of the claim, or null when the counters are built or another process is building them.
   */
  abstract claimBuild(by: string, now: Date, staleBefore: Date): Promise<Date | null>;

  /** The builder is alive; false when its claim was taken over (it must stop). */
  abstract beat(by: string, now: Date): Promise<boolean>;

  /** Marks the counters built (for good). */
  abstract finishBuild(by: string, now: Date, stats: TestCountsBuildStats): Promise<void>;

  /** Whether the one-off job `name` (another marker of testing_markers) has been done. */
  abstract isDone(name: string): Promise<boolean>;

  /** Marks the one-off job `name` done (a second mark changes nothing). */
  abstract markDone(
    name: string,
    by: string,
    now: Date,
    stats: Record<string, number>,
  ): Promise<void>;
}
