// k6: anonymous visitors open the site: GET /api/public-config (what the web app reads
// before sign-in). No token needed.
//   k6 run -e BASE_URL=https://app.example.com [-e PROFILE=smoke|load|stress] [-e RATE=200]
//          [-e DURATION=5m] tools/load/k6/public-config.js
// Smoke: 5 requests/s; load: 200 requests/s; p95 < 25 ms.
// See tools/load/README.md "Load testing with k6".
import { baseUrl, loadOptions } from './lib/profile.js';
import { send } from './lib/send.js';
import { publicConfigChecks, publicConfigRequest } from '../scenarios/public-config.js';

export const options = loadOptions({ load: 200, smoke: 5 }, { 'public-config': 25 });

export default function () {
  send(publicConfigRequest(baseUrl()), publicConfigChecks);
}
