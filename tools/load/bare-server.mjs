// The baseline of the gateway-overhead benchmark: a bare Node http server that returns the
// same JSON body as GET /api/announcements, with no auth, no bus and no database.
//   node tools/load/bare-server.mjs <port> <body-file>
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
  .listen(Number(port), '127.0.0.1', () => process.stdout.write(`bare server on ${port}\n`));
