import {
  csvFileName,
  hardestFirst,
  learnerEmail,
  learnerName,
  nextLearnerOrder,
  percentLabel,
  readinessLabel,
  readinessSummary,
  sortLearners,
  statusLabel,
} from './instructor-format';
import { classItem, learner, LEARNERS } from './instructor-fixtures';

const names = (list: { name: string | null }[]) => list.map((l) => l.name);

describe('instructor-format', () => {
  it('says readiness as about and its range, too few answers, or a dash', () => {
    expect(readinessLabel({ enough: true, percent: 64, percentLow: 52, percentHigh: 75 })).toBe(
      'about 64 % (52–75 %)',
    );
    expect(readinessLabel({ enough: false, percent: 50, percentLow: 20, percentHigh: 80 })).toBe(
      'Not enough answers yet',
    );
    expect(readinessLabel(null)).toBe('—');
  });

  it("calls a learner who never opened ExamPrep 'Not started' (with the roster's status when they left)", () => {
    expect(statusLabel(learner())).toBe('Active');
    expect(statusLabel(learner({ status: 'inactive' }))).toBe('Inactive');
    expect(statusLabel(learner({ uid: null }))).toBe('Not started');
    expect(statusLabel(learner({ uid: null, status: 'deleted' }))).toBe('Not started · Removed');
  });

  it('names a learner by name, real email, LMS id; hides placeholder addresses', () => {
    expect(learnerName(learner({ name: null, email: 'x@school.test' }))).toBe('x@school.test');
    expect(learnerName(learner({ name: null, email: 'lti-1@lti.invalid' }))).toBe('lms-1');
    expect(learnerName(learner({ name: null, email: null, lmsUserId: null }))).toBe(
      'Unnamed learner',
    );
    expect(learnerEmail(learner({ email: 'lti-1@lti.invalid' }))).toBe('');
  });

  it('rounds scores to whole percents', () => {
    expect(percentLabel(71.6)).toBe('72 %');
    expect(percentLabel(null)).toBe('—');
  });

  it('counts learners likely at 60 % or more (the range’s low end) and those without an estimate', () => {
    expect(readinessSummary(LEARNERS)).toEqual({ learners: 4, likelyAbove: 1, lacking: 2 });
    const edge = learner({ teas: { enough: true, percent: 70, percentLow: 60, percentHigh: 80 } });
    expect(readinessSummary([edge]).likelyAbove).toBe(1);
    expect(readinessSummary([]).learners).toBe(0);
  });

  it('sorts by a column, nulls last in both directions, by name within ties', () => {
    expect(names(sortLearners(LEARNERS, { sort: 'name', dir: 'desc' }))).toEqual([
      'Dee Absent',
      'Cy Newcomer',
      'Ben Strong',
      'Ada Learner',
    ]);
    expect(names(sortLearners(LEARNERS, { sort: 'averageScore', dir: 'asc' }))).toEqual([
      'Cy Newcomer',
      'Ada Learner',
      'Ben Strong',
      'Dee Absent',
    ]);
    expect(names(sortLearners(LEARNERS, { sort: 'teas', dir: 'desc' }))).toEqual([
      'Ben Strong',
      'Ada Learner',
      'Cy Newcomer',
      'Dee Absent',
    ]);
    expect(nextLearnerOrder({ sort: 'name', dir: 'asc' }, 'name')).toEqual({
      sort: 'name',
      dir: 'desc',
    });
    expect(nextLearnerOrder({ sort: 'name', dir: 'desc' }, 'lastScore')).toEqual({
      sort: 'lastScore',
      dir: 'asc',
    });
  });

  it('orders items hardest first, the most answered first within a facility', () => {
    const items = [
      classItem({ qid: 'easy', facility: 0.9 }),
      classItem({ qid: 'hard-few', facility: 0.2, n: 3 }),
      classItem({ qid: 'hard-many', facility: 0.2, n: 9 }),
      classItem({ qid: 'mid', facility: 0.5 }),
    ];
    expect(hardestFirst(items).map((i) => i.qid)).toEqual(['hard-many', 'hard-few', 'mid', 'easy']);
  });

  it('names the export class-<label>.csv, safe for a file system', () => {
    expect(csvFileName({ label: 'NUR-101', title: 'Nursing Math' })).toBe('class-NUR-101.csv');
    expect(csvFileName({ label: 'NUR 101/A', title: null })).toBe('class-NUR-101-A.csv');
    expect(csvFileName({ label: null, title: 'Math' })).toBe('class-Math.csv');
    expect(csvFileName({ label: null, title: null })).toBe('class-class.csv');
  });
});
