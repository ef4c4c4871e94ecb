// k6: a signed-in learner reads the announcements (Updates page): GET /api/announcements.
//   k6 run -e BASE_URL=https://app.example.com -e TOKEN=... [-e PROFILE=smoke|load|stress]
//          [-e RATE=200] [-e DURATION=5m] tools/load/k6/announcements.js
// Smoke: 5 requests/s; load: 200 requests/s; p95 < 25 ms (the gateway's goal at 200 requests/s).
// See tools/load/README.md "Load testing with k6".
import { accessToken } from './lib/auth.js';
import { baseUrl, loadOptions } from './lib/profile.js';
import { send } from './lib/send.js';
import { announcementsChecks, announcementsRequest } from '../scenarios/announcements.js';

export const options = loadOptions({ load: 200, smoke: 5 }, { announcements: 25 });

export default function () {
  send(announcementsRequest(baseUrl(), accessToken()), announcementsChecks);
}
