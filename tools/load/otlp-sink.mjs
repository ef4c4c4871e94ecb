// A local OTLP/HTTP trace receiver for the tracing-on run of gateway-overhead.mjs (ADR 0035),
// when the profile has no Jaeger running: it answers every export as a collector does and
// counts the spans it got, so the run shows the apps did export.
//   node tools/load/otlp-sink.mjs
// Listens on a port the system chooses; the first line printed names it. GET /count answers
// {"spans": n, "exports": n}.
import http from 'node:http';

let spans = 0;
let exports = 0;
http
  .createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/count') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ spans, exports }));
      return;
    }
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      exports++;
      try {
        /** @type {{ resourceSpans?: { scopeSpans?: { spans?: unknown[] }[] }[] }} */
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        for (const r of body.resourceSpans ?? [])
          for (const s of r.scopeSpans ?? []) spans += s.spans?.length ?? 0;
      } catch {
        // not JSON (a protobuf export): answered all the same, not counted
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
  })
  .listen(0, '127.0.0.1', function () {
    process.stdout.write(
      `otlp sink on ${/** @type {import('node:net').AddressInfo} */ (this.address()).port}\n`,
    );
  });
