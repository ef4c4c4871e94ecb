import { expect, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import * as path from 'node:path';
import { findRepoRoot, seededUsers } from '@examprep/test-kit';
import {
  MEDIA_MESSAGES,
  stampedFileName,
  stampText,
  type WorkbookManifest,
} from '@examprep/contracts/types';
import { shot, signInWith } from './support/auth';
import { apiAs, closeWelcome, freshLearner, type Learner } from './support/learners';
import { overflowsSideways, seriousViolations } from './support/phone';

// Learner spec §2 (/workbook/{productId}, Download buttons, design downloads), §7
// (getWorkbookVideoUrl, generate-stamped-pdf, download-file-free), §8 Downloads, against the real
// gateway, media service (versitygw S3), catalog, identity and Keycloak, with the workbooks,
// videos and assets the seed puts in the bucket (tools/seed).

const WORKBOOK = 'teas_math_workbook';
const WORKBOOK_NAME = 'TEAS Math Workbook';
const RESULTS = path.join(findRepoRoot(), '.infra', 'test-results');

async function json<T>(res: Response, what: string): Promise<T> {
  const text = await res.text();
  expect(res.status, `${what}: ${text}`).toBeLessThan(300);
  return JSON.parse(text) as T;
}

/** The seeded admin grants the workbook and the learner's /api/me shows it. */
async function grantWorkbook(learner: Learner) {
  await json(
    await apiAs(seededUsers.admin, '/api/update-user-purchases', {
      uid: learner.uid,
      purchases: { [WORKBOOK]: true },
    }),
    'update-user-purchases',
  );
  await expect
    .poll(async () => {
      const me = (await (await apiAs(learner, '/api/me')).json()) as {
        purchases?: Record<string, unknown>;
      };
      return me.purchases?.[WORKBOOK];
    })
    .toBe(true);
}

/** Access Now on the workbook's card (the TEAS Math Products section opened if shut). */
async function openFromDashboard(page: Page) {
  const section = page.getByRole('button', { name: 'TEAS Math Products', exact: true });
  await expect(section).toBeVisible();
  if ((await section.getAttribute('aria-expanded')) !== 'true') await section.click();
  await page
    .getByRole('article', { name: WORKBOOK_NAME })
    .getByRole('link', { name: `Access Now: ${WORKBOOK_NAME}` })
    .click();
  await page.waitForURL(`**/workbook/${WORKBOOK}`);
}

/** The first chapter that has a video, and that video. */
function firstVideo(manifest: WorkbookManifest) {
  const chapter = manifest.chapters.find((c) => c.videos.length > 0);
  expect(chapter, 'a chapter with a video in the seeded manifest').toBeTruthy();
  return { chapter: chapter!, video: chapter!.videos[0] };
}

/** Plays the page's <video> (muted: no autoplay rule in the way) and checks playback and seeking. */
async function checkPlayback(page: Page) {
  const video = page.locator('video');
  await expect(video).toHaveAttribute('preload', 'metadata');
  await expect(video).toHaveAttribute('controls', '');
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 })
    .toBeGreaterThanOrEqual(1);
  await video.evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    await v.play();
  });
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 })
    .toBeGreaterThanOrEqual(2);
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 })
    .toBeGreaterThan(0.3);
  // seeking: the S3 server answers byte ranges
  const target = await video.evaluate(
    (v: HTMLVideoElement) =>
      new Promise<number>((resolve, reject) => {
        const to = Math.max(1, v.duration / 2);
        v.pause();
        v.addEventListener('seeked', () => resolve(to), { once: true });
        v.addEventListener('error', () => reject(new Error('video error')), { once: true });
        v.currentTime = to;
      }),
  );
  const at = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  expect(Math.abs(at - target)).toBeLessThan(1);
  expect(await video.evaluate((v: HTMLVideoElement) => v.error)).toBeNull();
}

test.describe('the workbook of an owner', () => {
  let owner: Learner;
  let manifest: WorkbookManifest;
  test.beforeAll(async () => {
    owner = await freshLearner('workbook');
    await grantWorkbook(owner);
    manifest = await json<WorkbookManifest>(
      await apiAs(owner, `/api/workbooks/${WORKBOOK}`),
      'workbook manifest',
    );
  });

  test('opens from the dashboard, plays a video with seeking and downloads the stamped PDF', async ({
    page,
  }) => {
    await signInWith(page, owner);
    await closeWelcome(page);
    await openFromDashboard(page);

    await expect(page.getByRole('heading', { level: 1, name: manifest.title })).toBeVisible();
    for (const chapter of manifest.chapters) {
      await expect(
        page.getByRole('region', { name: `Chapter ${chapter.number}: ${chapter.title}` }),
      ).toBeVisible();
    }
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'workbook-page.png');

    // a video: signed by getWorkbookVideoUrl, played and sought in the HTML5 player
    const { chapter, video } = firstVideo(manifest);
    const region = page.getByRole('region', {
      name: `Chapter ${chapter.number}: ${chapter.title}`,
    });
    const signed = page.waitForResponse((r) => r.url().includes('/api/getWorkbookVideoUrl?'));
    await region.getByRole('button', { name: `Play video: ${video.title}` }).click();
    expect((await signed).status()).toBe(200);
    await expect(page.getByRole('figure', { name: `Now playing: ${video.title}` })).toBeFocused();
    await checkPlayback(page);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'workbook-video.png');

    // the stamped PDF: a Playwright download named with the stamp, the stamp on page 1
    const download = page.waitForEvent('download', { timeout: 45_000 });
    await page.getByRole('button', { name: 'Download PDF' }).click();
    const file = await download;
    const fileName = stampedFileName(manifest.pdfPath, owner.email);
    expect(file.suggestedFilename()).toBe(fileName);
    await expect(page.getByText(`Downloaded ${fileName}.`)).toBeVisible();
    const dir = path.join(RESULTS, 'workbook');
    mkdirSync(dir, { recursive: true });
    const pdf = path.join(dir, fileName);
    await file.saveAs(pdf);
    const firstPage = execFileSync('pdftotext', ['-f', '1', '-l', '1', pdf, '-'], {
      encoding: 'utf8',
    });
    expect(firstPage.replace(/\s+/g, ' ')).toContain(stampText(owner.email));
    // a picture of page 1 to look at (screenshots/workbook-pdf-page-1.png)
    const screenshots = path.join(RESULTS, 'screenshots');
    mkdirSync(screenshots, { recursive: true });
    execFileSync('pdftoppm', [
      '-r',
      '50',
      '-png',
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      pdf,
      path.join(screenshots, 'workbook-pdf-page-1'),
    ]);
    await shot(page, 'workbook-downloaded.png');
  });
});

test.describe('a learner without the workbook', () => {
  let learner: Learner;
  test.beforeAll(async () => {
    learner = await freshLearner('workbook-none');
  });

  test('is refused the workbook with the way back; the stamped PDF is refused too', async ({
    page,
  }) => {
    await signInWith(page, learner);
    await closeWelcome(page);
    await page.goto(`/workbook/${WORKBOOK}`);
    await expect(page.getByRole('alert')).toContainText(MEDIA_MESSAGES.noAccess);
    await expect(page.getByRole('button', { name: 'Download PDF' })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'workbook-refused.png');
    await page.getByRole('link', { name: 'Back to the dashboard' }).click();
    await page.waitForURL(/\/dashboard/);

    // the server refuses the PDF and the videos whatever the page shows
    const pdf = await apiAs(learner, '/api/generate-stamped-pdf', {
      workbookPath: 'Workbooks/TEAS-Math-Workbook.pdf',
    });
    expect(pdf.status).toBe(403);
  });

  test('downloads a free design asset: a new tab opens with the signed URL, answered 200', async ({
    page,
    context,
  }) => {
    await signInWith(page, learner);
    await closeWelcome(page);
    await page.goto('/dashboard?tab=design');
    const button = page
      .getByRole('article', { name: 'Free 3D Assets' })
      .getByRole('button', { name: 'Download: Free 3D Assets (ZIP)' });
    await expect(button).toBeVisible();
    const fileAnswer = context.waitForEvent('response', (r) =>
      r.url().includes('/Downloads/free-3d-assets.zip'),
    );
    const popup = context.waitForEvent('page');
    await button.click();
    const tab = await popup;
    const answer = await fileAnswer;
    expect(answer.status()).toBe(200);
    expect(answer.url()).toMatch(/X-Amz-Signature=/);
    expect(answer.request().frame().page()).toBe(tab);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await shot(page, 'workbook-design-download.png');
  });
});

test.describe('phone', () => {
  let owner: Learner;
  test.beforeAll(async () => {
    owner = await freshLearner('workbook-phone');
    await grantWorkbook(owner);
  });

  test('the workbook, a playing video and the refusal at 375 px, axe clean @phone', async ({
    page,
  }) => {
    const manifest = await json<WorkbookManifest>(
      await apiAs(owner, `/api/workbooks/${WORKBOOK}`),
      'workbook manifest',
    );
    await signInWith(page, owner);
    await closeWelcome(page);
    await page.goto(`/workbook/${WORKBOOK}`);
    await expect(page.getByRole('heading', { level: 1, name: manifest.title })).toBeVisible();
    expect(await overflowsSideways(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'workbook-page-phone.png');

    // by keyboard: Enter on the focused video button plays it
    const { video } = firstVideo(manifest);
    const play = page.getByRole('button', { name: `Play video: ${video.title}` });
    await play.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('figure', { name: `Now playing: ${video.title}` })).toBeFocused();
    await checkPlayback(page);
    expect(await overflowsSideways(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'workbook-video-phone.png');

    await page.goto('/workbook/no_such_workbook');
    await expect(page.getByRole('alert')).toContainText(
      /Workbook not found\.|You do not have access/,
    );
    expect(await overflowsSideways(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
