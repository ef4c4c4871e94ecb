import type {
  DeepLinkOption,
  DeepLinkRequestView,
  LtiAssignmentView,
  LtiAttempt,
} from '@examprep/contracts/types';

/** A deep linking request's id (the service's uuid shape). */
export const DEEP_LINK_ID = '0f8e4b8a-3c1d-4e6f-9a2b-5c7d8e9f0a1b';

export const OPTIONS: DeepLinkOption[] = [
  {
    key: 'infinite',
    resource: { kind: 'infinite' },
    title: 'Infinite QBank',
    description: 'New practice questions without end.',
    gradable: false,
  },
  {
    key: 'test:teas_math_qbank:math_full',
    resource: {
      kind: 'test',
      productId: 'teas_math_qbank',
      includeId: 'math_full',
      mode: 'full',
    },
    title: 'TEAS Math full test',
    description: 'A timed full test of TEAS Math.',
    gradable: true,
  },
  {
    key: 'workbook:teas_math_qbank',
    resource: { kind: 'workbook', productId: 'teas_math_qbank' },
    title: 'TEAS Math workbook',
    description: 'Worked examples by topic.',
    gradable: false,
  },
  {
    key: 'pump',
    resource: { kind: 'pump' },
    title: 'Pump simulator',
    description: 'Program an infusion pump.',
    gradable: false,
  },
];

export function deepLinkView(overrides: Partial<DeepLinkRequestView> = {}): DeepLinkRequestView {
  return {
    id: DEEP_LINK_ID,
    context: { label: 'NUR101', title: 'Nursing Math' },
    acceptMultiple: true,
    acceptLineItem: true,
    options: OPTIONS,
    expiresAt: '2030-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** An LMS link key: `<platform id>:<resource link id>`, here with a '/' in the link id. */
export const LINK_KEY = '7d0c3f5e-2b1a-4c9d-8e7f-6a5b4c3d2e1f:rl/42';

export function attempt(overrides: Partial<LtiAttempt> = {}): LtiAttempt {
  return {
    testId: 'test-1',
    status: 'submitted',
    score: 82,
    gradeSync: 'sent',
    startedAt: '2026-11-20T14:05:00.000Z',
    ...overrides,
  };
}

export function assignmentView(overrides: Partial<LtiAssignmentView> = {}): LtiAssignmentView {
  return {
    linkKey: LINK_KEY,
    title: 'Week 3: fractions test',
    context: { label: 'NUR101', title: 'Nursing Math' },
    productId: 'teas_math_qbank',
    includeId: 'math_full',
    productName: 'TEAS Math',
    mode: 'full',
    graded: true,
    attempts: [],
    teaching: null,
    ...overrides,
  };
}
