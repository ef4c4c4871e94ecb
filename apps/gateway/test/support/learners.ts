// Two learners made for one spec (the first owns the ids, the other acts on them), and the
// test choices the testing specs start tests with.
import type { Who } from './api';

export interface SpecLearner {
  email: string;
  password: string;
  /** set once the account is made (createRealmUser) */
  id: string;
}

/** A learner and another learner with addresses unique to this run. */
export function learnerPair(prefix: string): { learner: SpecLearner; otherLearner: SpecLearner } {
  const stamp = Date.now();
  return {
    learner: {
      email: `${prefix}-learner-${stamp}@examprep.test`,
      password: `${prefix}-pass-1`,
      id: '',
    },
    otherLearner: {
      email: `${prefix}-other-${stamp}@examprep.test`,
      password: `${prefix}-pass-2`,
      id: '',
    },
  };
}

/** The caller of a matrix column: the spec's own learners, or a seeded user / anonymous. */
export function callerOf<C extends string>(
  pair: { learner: SpecLearner; otherLearner: SpecLearner },
  caller: C,
): Who {
  if (caller === 'learner') return pair.learner;
  if (caller === 'otherLearner') return pair.otherLearner;
  return caller as unknown as Who;
}

/** The free sample's full test, and the TEAS Math QBank's practice test. */
export const SAMPLE_TEST = {
  productId: 'teas_math_sample_qbank',
  includeId: 'teas_math_sample_qbank',
  mode: 'full',
} as const;
export const PRACTICE_TEST = {
  productId: 'teas_math_qbank',
  includeId: 'teas_math_qbank_practice',
  mode: 'practice',
} as const;
