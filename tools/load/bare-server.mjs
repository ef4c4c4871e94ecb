// The baseline of the gateway-overhead benchmark: a bare Node http server that returns the
// same JSON body as GET /api/announcements, with no auth, no bus and no database.
//   node tools/load/bare-server.mjs <port> <body-file>
// Port 0 lets the system choose a free one; the first line printed names the port it listens on
// (a fixed port in the ephemeral range can be held by any outgoing connection of the machine).
import http from 'node:http';
import fs from 'node:fs';

const [port, bodyFile] = process.argv.slice(2);
const body = fs.readFileSync(bodyFile);
http
  .createServer((req, res) => {
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': body.length,
    });
    res.end(body);
  })
  .listen(Number(port), '127.0.0.1', function () {
    process.stdout.write(`bare server on ${this.address().port}\n`);
  });
