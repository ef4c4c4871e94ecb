/**
 * "Practise my weak spots" (issue 29, deliver 2): which topics to serve next, by mastery and
 * expected gain. Pure and seeded: the same candidates, seed and time give the same topics.
 */
import { driftedVariance, predictCorrect } from './mastery';
import { seededRandom, sigmoid } from './math';
import { PARAMS } from './params';
import type { TopicCandidate } from './types';

/**
 * What one more answer on the topic is expected to bring, at `now`:
 *
 *   gain = INFORMATION_WEIGHT · (v − E[v'])  +  (1 − P)
 *
 * - v − E[v'] = v²I / (1 + vI) is the expected shrink of the posterior variance from one answer
 *   on a typical item of the topic (I = p(1 − p), p = σ(mu − b), v drifted to `now`): large for a
 *   topic we know little about (new, or not practised for weeks), near 0 for a well-measured one.
 * - 1 − P is the expected error rate on the topic (P = predictCorrect at the topic's difficulty,
 *   uncertainty included): a topic the learner fails often is where practice and its explanations
 *   help most.
 * A mastered topic with many recent answers gains little on both counts (about 0.05..0.1); a new
 * topic about 0.9; a topic failed two times in three about 0.7 and more.
 */
export function expectedGain(c: TopicCandidate, now: string): number {
  const v = driftedVariance(c.state, now);
  const p = sigmoid(c.state.mu - c.difficulty);
  const info = p * (1 - p);
  const varianceReduction = (v * v * info) / (1 + v * info);
  const errorRate = 1 - predictCorrect(c.state, c.difficulty, 0, now);
  return PARAMS.INFORMATION_WEIGHT * varianceReduction + errorRate;
}

/**
 * `count` topic keys to practise next: a seeded weighted draw WITH replacement, each candidate
 * weighted by its expected gain, floored at GAIN_FLOOR of the largest gain so no topic starves (a
 * mastered topic still comes back now and then, and its mastery is re-checked). With replacement,
 * a batch can hold the weakest topic several times. Candidates are ordered by key before the
 * draw, so the result does not depend on the order they were listed in.
 */
export function pickTopics(
  candidates: readonly TopicCandidate[],
  count: number,
  seed: number,
  now: string,
): string[] {
  if (candidates.length === 0 || count <= 0) return [];
  const sorted = [...candidates].sort((a, b) =>
    a.topicKey < b.topicKey ? -1 : a.topicKey > b.topicKey ? 1 : 0,
  );
  const gains = sorted.map((c) => expectedGain(c, now));
  const floor = PARAMS.GAIN_FLOOR * Math.max(...gains);
  const weights = gains.map((g) => Math.max(g, floor, Number.MIN_VALUE));
  const cumulative: number[] = [];
  let total = 0;
  for (const w of weights) {
    total += w;
    cumulative.push(total);
  }
  const random = seededRandom(seed);
  const picked: string[] = [];
  for (let i = 0; i < Math.floor(count); i++) {
    const x = random() * total;
    let j = 0;
    while (j < cumulative.length - 1 && cumulative[j] <= x) j++;
    picked.push(sorted[j].topicKey);
  }
  return picked;
}
