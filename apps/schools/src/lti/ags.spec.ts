import {
  clientAssertionClaims,
  GIVE_UP_AFTER_MS,
  nextTry,
  RETRY_FIRST_MS,
  RETRY_MAX_MS,
  scoreAccepted,
  scoreBody,
  scoresUrl,
} from './ags';

describe('AGS helpers', () => {
  it('appends /scores to the line item path and keeps its query', () => {
    expect(scoresUrl('https://lms.example/api/lti/contexts/c/lineitems/7')).toBe(
      'https://lms.example/api/lti/contexts/c/lineitems/7/scores',
    );
    expect(scoresUrl('https://lms.example/lineitems/7/?type_id=2')).toBe(
      'https://lms.example/lineitems/7/scores?type_id=2',
    );
  });

  it('a score is complete, fully graded, with the submission time', () => {
    expect(
      scoreBody({
        lmsUserId: 'lms-user-1',
        scoreGiven: 82,
        scoreMaximum: 100,
        submittedAt: new Date('2026-11-28T10:00:00Z'),
      }),
    ).toEqual({
      userId: 'lms-user-1',
      scoreGiven: 82,
      scoreMaximum: 100,
      activityProgress: 'Completed',
      gradingProgress: 'FullyGraded',
      timestamp: '2026-11-28T10:00:00.000Z',
    });
  });

  it('a client assertion names the tool twice, the token endpoint, and a fresh jti', () => {
    const a = clientAssertionClaims('client-1', 'https://lms.example/token');
    const b = clientAssertionClaims('client-1', 'https://lms.example/token');
    expect(a).toMatchObject({ iss: 'client-1', sub: 'client-1', aud: 'https://lms.example/token' });
    expect(a['jti']).not.toBe(b['jti']);
  });

  it('retries from 30 s, doubling to an hour, and gives up after three days', () => {
    const submitted = new Date(0);
    expect(nextTry(1, submitted, 1000)!.getTime()).toBe(1000 + RETRY_FIRST_MS);
    expect(nextTry(2, submitted, 1000)!.getTime()).toBe(1000 + 2 * RETRY_FIRST_MS);
    expect(nextTry(20, submitted, 1000)!.getTime()).toBe(1000 + RETRY_MAX_MS);
    expect(nextTry(3, submitted, GIVE_UP_AFTER_MS + 1)).toBeNull();
  });

  it('a 2xx or a 409 (the score is there already) means the platform has it', () => {
    expect([200, 204, 409].map(scoreAccepted)).toEqual([true, true, true]);
    expect([400, 401, 404, 500, 503].map(scoreAccepted)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
