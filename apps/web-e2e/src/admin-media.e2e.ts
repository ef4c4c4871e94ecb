import { GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { findRepoRoot, infraConfig, s3Client } from '@examprep/test-kit';
import { expect, test, type Page } from '@playwright/test';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { deflateSync } from 'node:zlib';
import { shot, signIn } from './support/auth';
import { overflowsSideways, seriousViolations } from './support/phone';

// Issue 13, admin spec §2.3, §4 and ADR 0020 §2 against the real system (gateway, qbank,
// media, the local S3 server): an admin uploads a question image and a video with a visible
// progress bar, previews them, saves, reopens the question (previews through signed URLs),
// replaces the image, is refused a PNG that is really HTML, and deletes the question with its
// objects.

const cfg = infraConfig('test');
const [MEDIA_BUCKET] = cfg.s3.buckets;
const s3 = s3Client('test');
test.afterAll(() => s3.destroy());

/** Every question this spec creates has this in its text (leftovers are found by it). */
const TEXT_MARK = ': media journey';

// ---- real files made here -----------------------------------------------------------------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/**
 * A real RGB PNG of width × height: a colour ramp with seeded noise, so it does not compress
 * to nothing (the upload lasts long enough to watch its progress under the throttle below).
 */
function makePng(width: number, height: number, seed: number): Buffer {
  let state = seed >>> 0 || 1;
  const rand = () => ((state = (state * 1664525 + 1013904223) >>> 0) >>> 24) & 0x3f;
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      row[1 + x * 3] = ((x * 255) / width + rand()) & 0xff;
      row[2 + x * 3] = ((y * 255) / height + rand()) & 0xff;
      row[3 + x * 3] = (seed * 40 + rand()) & 0xff;
    }
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 0 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * The seed's small test clip (engineer E's generated H.264 MP4) with a `free` box of padding
 * after it: still a valid MP4 that plays, and large enough to show upload progress.
 */
function makeMp4(padding: number): Buffer {
  const clip = fs.readFileSync(path.join(findRepoRoot(), 'apps/web-e2e/fixtures/test-clip.mp4'));
  const free = Buffer.alloc(8 + padding);
  free.writeUInt32BE(8 + padding, 0);
  free.write('free', 4, 'ascii');
  return Buffer.concat([clip, free]);
}

const FIRST_IMAGE = { buffer: makePng(480, 320, 1), width: 480, height: 320 };
const SECOND_IMAGE = { buffer: makePng(240, 160, 2), width: 240, height: 160 };
const VIDEO = makeMp4(900 * 1024);

// ---- helpers -------------------------------------------------------------------------------

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** Upload throttled to 768 KiB/s, so a progress bar is on screen long enough to watch. */
async function throttleUploads(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 768 * 1024,
  });
}

/** Records every aria-valuenow the panel's progress bar shows (React may render it briefly). */
async function watchProgress(page: Page, slot: string): Promise<void> {
  await page.evaluate((testId) => {
    const w = window as unknown as Record<string, number[]>;
    w[`progress-${testId}`] = [];
    const record = () => {
      const bar = document.querySelector(`[data-testid="${testId}"] [role="progressbar"]`);
      const v = bar?.getAttribute('aria-valuenow');
      if (v !== null && v !== undefined) w[`progress-${testId}`].push(Number(v));
    };
    new MutationObserver(record).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-valuenow'],
    });
  }, `media-progress-${slot}`);
}
const progressSeen = (page: Page, slot: string) =>
  page.evaluate(
    (key) => (window as unknown as Record<string, number[]>)[key] ?? [],
    `progress-media-progress-${slot}`,
  );

const panel = (page: Page, slot: string) => page.getByTestId(`media-panel-${slot}`);

async function choose(
  page: Page,
  label: string,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  await page.getByLabel(`${label} file`, { exact: true }).setInputFiles(file);
}

/** Waits until an <img> has loaded; its natural size. */
async function loadedImage(page: Page, name: string) {
  const img = page.getByRole('img', { name, exact: true });
  await expect(img).toBeVisible();
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
    .toBe(true);
  return img.evaluate((el: HTMLImageElement) => ({
    width: el.naturalWidth,
    height: el.naturalHeight,
    src: el.currentSrc,
    shownHeight: el.getBoundingClientRect().height,
  }));
}

/** Waits until a <video> knows its metadata (readyState >= HAVE_METADATA). */
async function loadedVideo(page: Page, slot: string) {
  const video = panel(page, slot).locator('video');
  await expect(video).toBeVisible();
  await expect
    .poll(() => video.evaluate((el: HTMLVideoElement) => el.readyState))
    .toBeGreaterThanOrEqual(1);
  return video.evaluate((el: HTMLVideoElement) => ({
    src: el.currentSrc,
    duration: el.duration,
    controls: el.controls,
  }));
}

async function head(key: string): Promise<number | 'missing'> {
  try {
    const r = await s3.send(new HeadObjectCommand({ Bucket: MEDIA_BUCKET, Key: key }));
    return r.ContentLength ?? 0;
  } catch (err) {
    const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status === 404) return 'missing';
    throw err;
  }
}

async function objectBytes(key: string): Promise<Buffer> {
  const r = await s3.send(new GetObjectCommand({ Bucket: MEDIA_BUCKET, Key: key }));
  return Buffer.from(await r.Body!.transformToByteArray());
}

/** Deletes questions a failed run left behind (found by their text), through the list. */
async function removeLeftovers(page: Page): Promise<void> {
  await page.goto(`/question-list?search=${encodeURIComponent(TEXT_MARK)}`);
  await expect(page.getByText(/^Total Questions: \d+$/)).toBeVisible();
  const rows = page.getByRole('table').getByRole('rowheader');
  for (let left = await rows.count(); left > 0; left--) {
    const qid = (await rows.first().textContent())?.trim() ?? '';
    await page.getByRole('button', { name: `Delete ${qid}` }).click();
    await page
      .getByRole('dialog', { name: 'Delete Question' })
      .getByRole('button', { name: 'Yes' })
      .click();
    await expect(page.getByRole('rowheader', { name: qid })).toHaveCount(0);
  }
}

test.afterEach(async ({ page }, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) {
    await removeLeftovers(page).catch(() => undefined);
  }
});

/** Fills a valid single-choice question in the editor (new mode). */
async function fillQuestion(page: Page, marker: string): Promise<string> {
  const text = `E2E ${marker}${TEXT_MARK}: what is \\(2+2\\)?`;
  await page.goto('/add-question');
  await expect(page.getByRole('heading', { level: 1, name: 'Add New Question' })).toBeVisible();
  await page.getByLabel('Course', { exact: true }).selectOption('new');
  await page.getByLabel('New course name').fill(`E2E Media ${marker}`);
  await page.getByLabel('Objective', { exact: true }).selectOption('new');
  await page.getByLabel('New objective name').fill('E2E 1.1');
  await page.getByLabel('Question', { exact: true }).fill(text);
  for (const [i, choice] of ['3', '4', '5', '22'].entries()) {
    await page.getByLabel(`Choice ${i + 1}`, { exact: true }).fill(choice);
  }
  await page.getByLabel('Choice 2 is correct').check();
  await page.getByLabel('Explanation', { exact: true }).fill('Two and two make four.');
  return text;
}

// ---- the journey ---------------------------------------------------------------------------

test('an admin uploads a question image and a video with progress, saves, reopens, replaces the image, is refused HTML as PNG, and deletes the question with its media', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const marker = stamp();
  await signIn(page, 'admin');
  await fillQuestion(page, marker);

  // The panels state their limits; nothing stored yet.
  for (const name of ['Question Image', 'Explanation Image', 'Video Explanation']) {
    await expect(page.getByRole('button', { name: `Upload ${name}` })).toBeVisible();
  }
  await expect(panel(page, 'questionImage')).toContainText('PNG, JPEG or WebP, up to 5 MB');
  await expect(panel(page, 'video')).toContainText('MP4, up to 100 MB');

  // Upload the image: a progress bar that reaches 100 %, then the local preview.
  await throttleUploads(page);
  await watchProgress(page, 'questionImage');
  await choose(page, 'Question Image', {
    name: 'figure.png',
    mimeType: 'image/png',
    buffer: FIRST_IMAGE.buffer,
  });
  const imageBar = panel(page, 'questionImage').getByRole('progressbar', {
    name: 'Question Image upload progress',
  });
  await expect(imageBar).toBeVisible();
  await expect(panel(page, 'questionImage').getByText(/^New file: figure\.png/)).toBeVisible({
    timeout: 30_000,
  });
  const imageProgress = await progressSeen(page, 'questionImage');
  expect(imageProgress.at(-1)).toBe(100);
  expect(imageProgress.some((p) => p < 100)).toBe(true);
  const local = await loadedImage(page, 'Question Image preview');
  expect(local).toMatchObject({ width: FIRST_IMAGE.width, height: FIRST_IMAGE.height });
  expect(local.src).toMatch(/^blob:/);
  expect(local.shownHeight).toBeLessThanOrEqual(300);

  // Upload the video likewise; the local preview plays (metadata known).
  await watchProgress(page, 'video');
  await choose(page, 'Video Explanation', {
    name: 'solution.mp4',
    mimeType: 'video/mp4',
    buffer: VIDEO,
  });
  await expect(
    panel(page, 'video').getByRole('progressbar', { name: 'Video Explanation upload progress' }),
  ).toBeVisible();
  await shot(page, 'admin-media-uploading.png');
  await expect(panel(page, 'video').getByText(/^New file: solution\.mp4/)).toBeVisible({
    timeout: 30_000,
  });
  const videoProgress = await progressSeen(page, 'video');
  expect(videoProgress.at(-1)).toBe(100);
  expect(videoProgress.some((p) => p < 100)).toBe(true);
  expect((await loadedVideo(page, 'video')).controls).toBe(true);
  await shot(page, 'admin-media-uploaded.png');

  // Save; find its QID in the list (media columns read Yes).
  await page.getByRole('button', { name: 'Save Question' }).click();
  await expect(page.getByText('Question saved successfully!')).toBeVisible({ timeout: 20_000 });
  await page.goto(`/question-list?search=${encodeURIComponent(marker)}`);
  const row = page.getByRole('row').filter({ hasText: marker });
  await expect(row).toHaveCount(1);
  const qid = ((await row.getByRole('rowheader').textContent()) ?? '').trim();
  expect(qid).toMatch(/^[A-Z]{2}\d{2}$/);
  const cells = await row.getByRole('cell').allTextContents();
  expect(cells).toEqual(expect.arrayContaining(['Yes', 'No', 'Yes']));

  // The objects are at the spec's paths (admin spec §3) with the uploaded bytes.
  expect(await objectBytes(`Images/${qid}-que.png`)).toEqual(FIRST_IMAGE.buffer);
  expect(await head(`VideoSolutions/${qid}-vid.mp4`)).toBe(VIDEO.length);
  expect(await head(`Images/${qid}-exp.png`)).toBe('missing');

  // Reopen: the previews load through signed URLs of the S3 server.
  await page.goto(`/add-question?mode=edit&qid=${qid}`);
  await expect(
    page.getByRole('heading', { level: 1, name: `Edit Question (QID: ${qid})` }),
  ).toBeVisible();
  const stored = await loadedImage(page, 'Question Image preview');
  expect(stored).toMatchObject({ width: FIRST_IMAGE.width, height: FIRST_IMAGE.height });
  expect(new URL(stored.src).origin).toBe(new URL(cfg.s3.endpoint).origin);
  expect(stored.src).toContain('X-Amz-Signature=');
  const storedVideo = await loadedVideo(page, 'video');
  expect(new URL(storedVideo.src).pathname).toContain(`VideoSolutions/${qid}-vid.mp4`);
  await expect(page.getByRole('button', { name: 'Replace Question Image' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove Video Explanation' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'admin-media-reopened.png');

  // A PNG that is really HTML is refused in the panel, naming it; nothing changes.
  await choose(page, 'Question Image', {
    name: 'innocent.png',
    mimeType: 'image/png',
    buffer: Buffer.from('<!doctype html><html><script>alert(1)</script></html>'),
  });
  await expect(panel(page, 'questionImage').getByRole('alert')).toHaveText(
    'Question Image: The file is not a PNG, JPEG or WebP image (its content was checked, not its name).',
  );
  expect((await loadedImage(page, 'Question Image preview')).width).toBe(FIRST_IMAGE.width);

  // Replace the image: the new bytes are stored at the same path and shown on reopening.
  await choose(page, 'Question Image', {
    name: 'second.png',
    mimeType: 'image/png',
    buffer: SECOND_IMAGE.buffer,
  });
  await expect(panel(page, 'questionImage').getByText(/^New file: second\.png/)).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('button', { name: 'Update Question' }).click();
  await expect(page.getByText('Question saved successfully!')).toBeVisible({ timeout: 20_000 });
  expect(await objectBytes(`Images/${qid}-que.png`)).toEqual(SECOND_IMAGE.buffer);
  await page.goto(`/add-question?mode=edit&qid=${qid}`);
  const replaced = await loadedImage(page, 'Question Image preview');
  expect(replaced).toMatchObject({ width: SECOND_IMAGE.width, height: SECOND_IMAGE.height });
  await shot(page, 'admin-media-replaced.png');

  // Delete the question: its media objects are gone.
  await page.goto(`/question-list?search=${encodeURIComponent(marker)}`);
  await page.getByRole('button', { name: `Delete ${qid}` }).click();
  await page
    .getByRole('dialog', { name: 'Delete Question' })
    .getByRole('button', { name: 'Yes' })
    .click();
  await expect(page.getByText('Question deleted successfully.')).toBeVisible();
  await expect
    .poll(
      async () => [
        await head(`Images/${qid}-que.png`),
        await head(`VideoSolutions/${qid}-vid.mp4`),
      ],
      { timeout: 15_000 },
    )
    .toEqual(['missing', 'missing']);
});

test('@phone the editor media panels at 375 px: stacked, usable, no sideways scroll, no serious axe violation', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await fillQuestion(page, stamp());
  await choose(page, 'Explanation Image', {
    name: 'phone.png',
    mimeType: 'image/png',
    buffer: SECOND_IMAGE.buffer,
  });
  await expect(panel(page, 'explanationImage').getByText(/^New file: phone\.png/)).toBeVisible({
    timeout: 30_000,
  });
  const preview = await loadedImage(page, 'Explanation Image preview');
  expect(preview.shownHeight).toBeLessThanOrEqual(250);
  await choose(page, 'Video Explanation', {
    name: 'page.mp4',
    mimeType: 'video/mp4',
    buffer: Buffer.from('<html>not a video</html>'),
  });
  await expect(panel(page, 'video').getByRole('alert')).toHaveText(
    'Video Explanation: The file is not an MP4 video (its content was checked, not its name).',
  );
  const media = page
    .getByRole('region', { name: 'Media' })
    .or(page.locator('section[aria-labelledby="question-media-title"]'));
  await media.first().scrollIntoViewIfNeeded();
  expect(await overflowsSideways(page)).toBe(false);
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'admin-media-phone.png');
  // nothing saved: the staged upload is swept by the media service after 6 hours
});
