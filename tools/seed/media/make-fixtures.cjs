#!/usr/bin/env node
// Writes the browser tests' media fixtures (committed): a 2-second MP4 clip and a small PNG,
// made by the same code as the seeded media, so they are real files a browser plays and shows.
//
//   node tools/seed/media/make-fixtures.cjs      -> apps/web-e2e/fixtures/{test-clip.mp4,test-image.png}
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { renderTinyClip } = require('./videos.cjs');
const { fixturePng } = require('./images.cjs');

const DIR = path.join(__dirname, '..', '..', '..', 'apps', 'web-e2e', 'fixtures');

async function main() {
  fs.mkdirSync(DIR, { recursive: true });
  const clip = await renderTinyClip();
  const png = fixturePng();
  fs.writeFileSync(path.join(DIR, 'test-clip.mp4'), clip);
  fs.writeFileSync(path.join(DIR, 'test-image.png'), png);
  console.log(`test-clip.mp4 ${clip.length} bytes, test-image.png ${png.length} bytes in ${DIR}`);
}

main().catch((e) => {
  console.error(`make-fixtures: ${e.message}`);
  process.exit(1);
});
