// k6: the test screens ask for every question image: GET /api/getSignedUrl?path= as a learner
// on a question image of one of their own tests (or any path as an admin), each answer checked
// (200, a signed URL of that path and its expiry).
//   k6 run -e BASE_URL=https://app.example.com -e TOKEN=... -e MEDIA_PATH=Images/AB12-que.png
//          [-e PROFILE=smoke|load|stress] [-e RATE=300] [-e DURATION=5m] tools/load/k6/signed-url.js
// MEDIA_PATH: a question image of a test the token's learner made (start a test in the app, or
// POST /api/create-test, then GET /api/tests/{id}: Images/{first qid}-que.png); an admin's token
// may name any path.
// Smoke: 5 requests/s; load: 300 requests/s; p95 < 25 ms, no failed request, no failed check
// (issue 13's goal). See tools/load/README.md "Load testing with k6".
import { accessToken } from './lib/auth.js';
import { baseUrl, loadOptions } from './lib/profile.js';
import { send } from './lib/send.js';
import { signedUrlChecks, signedUrlRequest } from '../scenarios/signed-url.js';

export const options = loadOptions(
  { load: 300, smoke: 5 },
  { getSignedUrl: 25 },
  { errors: 'none' },
);

/** @returns {string} */
function mediaPath() {
  const path = __ENV.MEDIA_PATH;
  if (!path) throw new Error('set MEDIA_PATH (e.g. Images/AB12-que.png, see the header)');
  return path;
}

export default function () {
  const path = mediaPath();
  send(signedUrlRequest(baseUrl(), accessToken(), path), signedUrlChecks(path));
}
