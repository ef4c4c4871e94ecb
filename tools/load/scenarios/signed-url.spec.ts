import { failedChecks } from './http.js';
import { questionImagePathOf, signedUrlChecks, signedUrlRequest } from './signed-url.js';

const PATH = 'Images/AB12-que.png';
const answer = (status: number, body: unknown) => ({
  status,
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

describe('signed-url scenario (issue 13)', () => {
  it('GET /api/getSignedUrl with the path encoded and the bearer token', () => {
    const req = signedUrlRequest('http://gw:3000/', 'tok', PATH);
    expect(req).toMatchObject({
      name: 'getSignedUrl',
      method: 'GET',
      url: 'http://gw:3000/api/getSignedUrl?path=Images%2FAB12-que.png',
      body: null,
    });
    expect(req.headers.Authorization).toBe('Bearer tok');
  });

  it('passes a signed URL of the path with its expiry; fails a refusal or another path', () => {
    const checks = signedUrlChecks(PATH);
    const ok = {
      signedUrl: `http://s3/examprep-media/${PATH}?X-Amz-Signature=x`,
      expiresAt: '2026-11-24T16:00:00.000Z',
    };
    expect(failedChecks(checks, answer(200, ok))).toEqual([]);
    expect(failedChecks(checks, answer(403, { code: 'FORBIDDEN' }))).toHaveLength(2);
    expect(
      failedChecks(checks, answer(200, { ...ok, signedUrl: 'http://s3/Images/ZZ99-que.png' })),
    ).toEqual(['getSignedUrl: a signed URL of the path and its expiry']);
    expect(failedChecks(checks, answer(200, 'not json'))).toHaveLength(1);
  });

  it('the first question image of a test view', () => {
    expect(questionImagePathOf({ questions: [{ qid: 'CD34' }, { qid: 'EF56' }] })).toBe(
      'Images/CD34-que.png',
    );
    expect(questionImagePathOf({ questions: [] })).toBeNull();
    expect(questionImagePathOf(null)).toBeNull();
  });
});
