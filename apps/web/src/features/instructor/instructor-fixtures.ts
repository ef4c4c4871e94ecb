import type {
  ClassGradebook,
  ClassItem,
  ClassLearner,
  InstructorClass,
} from '@examprep/contracts/types';

/** A class key as the schools service makes it: platform uuid, ':', the LMS's context id. */
export const CONTEXT_KEY = '3b9a6c1e-2f4d-4a8b-9c7e-1d2f3a4b5c6d:course/42';

export function instructorClass(over: Partial<InstructorClass> = {}): InstructorClass {
  return {
    contextKey: CONTEXT_KEY,
    label: 'NUR-101',
    title: 'Nursing Math',
    platformName: 'Canvas of Springfield College',
    learners: 3,
    lastLaunchAt: '2026-11-20T09:30:00.000Z',
    ...over,
  };
}

export function learner(over: Partial<ClassLearner> = {}): ClassLearner {
  return {
    lmsUserId: 'lms-1',
    name: 'Ada Learner',
    email: 'ada@school.test',
    uid: 'u-ada',
    status: 'active',
    lastLaunchAt: '2026-11-21T10:00:00.000Z',
    testsSubmitted: 3,
    averageScore: 71.6,
    lastScore: 80,
    lastSubmittedAt: '2026-11-22T10:00:00.000Z',
    teas: { enough: true, percent: 64, percentLow: 52, percentHigh: 75 },
    ...over,
  };
}

/** Four learners: one likely above 60 %, one below, one without enough answers, one not started. */
export const LEARNERS: ClassLearner[] = [
  learner(),
  learner({
    lmsUserId: 'lms-2',
    name: 'Ben Strong',
    email: 'ben@school.test',
    uid: 'u-ben',
    testsSubmitted: 5,
    averageScore: 88,
    lastScore: 92,
    teas: { enough: true, percent: 82, percentLow: 71, percentHigh: 90 },
  }),
  learner({
    lmsUserId: 'lms-3',
    name: 'Cy Newcomer',
    email: 'lti-0a1b2c3d@lti.invalid',
    uid: 'u-cy',
    testsSubmitted: 1,
    averageScore: 40,
    lastScore: 40,
    teas: { enough: false, percent: 50, percentLow: 20, percentHigh: 80 },
  }),
  learner({
    lmsUserId: 'lms-4',
    name: 'Dee Absent',
    email: 'dee@school.test',
    uid: null,
    lastLaunchAt: null,
    testsSubmitted: 0,
    averageScore: null,
    lastScore: null,
    lastSubmittedAt: null,
    teas: null,
  }),
];

export function gradebook(over: Partial<ClassGradebook> = {}): ClassGradebook {
  return {
    class: instructorClass(),
    roster: 'lms',
    rosterNote: null,
    learners: LEARNERS,
    ...over,
  };
}

export function classItem(over: Partial<ClassItem> = {}): ClassItem {
  return {
    qid: 'Q1',
    stem: 'What is 3/4 of 20?',
    course: 'teas_math',
    objective: 'Numbers and Algebra - Fractions',
    n: 10,
    correct: 7,
    facility: 0.7,
    ...over,
  };
}
