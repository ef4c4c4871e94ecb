import { assignmentView, attempt } from './lti-fixtures';
import { GRADE_POLL_MS, gradePollInterval, hasUnfinished, scoreLabel } from './lti-assignment';

describe('gradePollInterval', () => {
  it('asks again every 5 s while a grade is being sent, else not', () => {
    expect(GRADE_POLL_MS).toBe(5_000);
    const pending = assignmentView({
      attempts: [attempt({ gradeSync: 'sent' }), attempt({ testId: 't2', gradeSync: 'pending' })],
    });
    expect(gradePollInterval(pending)).toBe(5_000);
    for (const gradeSync of ['none', 'sent', 'failed'] as const) {
      expect(gradePollInterval(assignmentView({ attempts: [attempt({ gradeSync })] }))).toBe(false);
    }
    expect(gradePollInterval(undefined)).toBe(false);
  });
});

describe('scoreLabel and hasUnfinished', () => {
  it("shows a submitted attempt's score as '82 %', else a dash", () => {
    expect(scoreLabel(attempt({ score: 82 }))).toBe('82 %');
    expect(scoreLabel(attempt({ score: 66.6 }))).toBe('67 %');
    expect(scoreLabel(attempt({ score: null }))).toBe('—');
    expect(scoreLabel(attempt({ status: 'in-progress', score: null }))).toBe('—');
  });

  it('finds an attempt in progress', () => {
    expect(hasUnfinished(assignmentView({ attempts: [attempt()] }))).toBe(false);
    expect(hasUnfinished(assignmentView({ attempts: [attempt({ status: 'in-progress' })] }))).toBe(
      true,
    );
  });
});
