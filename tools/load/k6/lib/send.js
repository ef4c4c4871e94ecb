// Sends a scenario request (tools/load/scenarios) with k6 and applies the scenario's checks:
// the same request builders and checks our vegeta measurements use.
import { check } from 'k6';
import http from 'k6/http';

/** @typedef {import('../../scenarios/http.js').LoadRequest} LoadRequest */
/** @typedef {import('../../scenarios/http.js').Checks} Checks */

/**
 * @param {LoadRequest} req
 * @param {Checks} checks
 */
export function send(req, checks) {
  const res = http.request(req.method, req.url, req.body, {
    headers: req.headers,
    tags: { name: req.name },
    timeout: '15s',
  });
  check(res, checks);
  return res;
}
