import { poolQuestion } from '../../test/support/service-fixture';
import { snapshotOf } from './test.schema';

describe('snapshotOf (test_contents, either way it was written)', () => {
  const questions = [poolQuestion('AA01'), poolQuestion('AA02')];

  it('parses the JSON text of a snapshot written now', () => {
    expect(snapshotOf({ questionsJson: JSON.stringify(questions) })).toEqual(questions);
  });

  it('takes the array of a snapshot written before questionsJson', () => {
    expect(snapshotOf({ questions })).toBe(questions);
  });

  it('prefers the text when a document has both, and is empty with neither', () => {
    expect(snapshotOf({ questionsJson: JSON.stringify(questions.slice(1)), questions })).toEqual(
      questions.slice(1),
    );
    expect(snapshotOf({})).toEqual([]);
  });
});
