// The operator command's argument and file checks (no S3: those paths return before it).
import fc from 'fast-check';
import { mediaPathProblem, parseMediaPath } from '@examprep/contracts/types';
import {
  assetPathProblem,
  checkFile,
  manifestUpdate,
  parseArgs,
  run,
  sniffType,
} from './replace-asset.cjs';
import { conversionChartPdf } from '../seed/media/assets.cjs';
import { renderTinyClip } from '../seed/media/videos.cjs';
import { writeZip } from '../seed/media/zip.cjs';

const KEYS = { AWS_ACCESS_KEY_ID: 'AKIA', AWS_SECRET_ACCESS_KEY: 'secret' };
const PDF = Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46]);
const HTML = Buffer.from('<!doctype html><html><body>not a pdf</body></html>');
const ZIP = writeZip([{ name: 'a.txt', data: 'a' }]);
const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 24]),
  Buffer.from('ftypisom\x00\x00\x02\x00isomavc1', 'latin1'),
]);

describe('replace-asset arguments', () => {
  const ok = (argv: string[], env = {}) => {
    const r = parseArgs(argv, env);
    expect(r.error).toBeUndefined();
    return r.options!;
  };

  it('takes an object path and a file with a local profile', () => {
    expect(ok(['Workbooks/TEAS-Math-Workbook.pdf', 'wb.pdf', '--profile', 'dev'])).toMatchObject({
      objectPath: 'Workbooks/TEAS-Math-Workbook.pdf',
      file: 'wb.pdf',
      profile: 'dev',
      allowNew: false,
      dryRun: false,
    });
    expect(
      ok([
        '--profile',
        'test',
        '--allow-new',
        '--dry-run',
        'Downloads/free-3d-assets.zip',
        'a.zip',
      ]),
    ).toMatchObject({ profile: 'test', allowNew: true, dryRun: true });
  });

  it('takes any S3 with --endpoint, --bucket and the AWS keys from the environment', () => {
    const o = ok(
      [
        'Workbooks/Med-Dosage-Workbook/videos/01-milligrams-to-grams.mp4',
        'v.mp4',
        '--endpoint',
        'https://s3.eu-west-1.amazonaws.com',
        '--bucket',
        'examprep-workbooks-prod',
        '--virtual-host',
      ],
      { ...KEYS, AWS_REGION: 'eu-west-1' },
    );
    expect(o).toMatchObject({
      accessKey: 'AKIA',
      secretKey: 'secret',
      region: 'eu-west-1',
      pathStyle: false,
      bucket: 'examprep-workbooks-prod',
    });
  });

  it.each([
    [['--help'], undefined],
    [['Workbooks/A.pdf'], 'Name the object path and the local file (see --help).'],
    [
      ['Workbooks/A.pdf', 'a.pdf'],
      'Name the target: --profile dev|test, or --endpoint <url> --bucket <name>.',
    ],
    [['Workbooks/A.pdf', 'a.pdf', '--profile', 'prod'], '--profile must be dev or test.'],
    [['Workbooks/A.pdf', 'a.pdf', '--profile'], '--profile needs a value.'],
    [
      ['Workbooks/A.pdf', 'a.pdf', '--profile', 'dev', '--force'],
      'Unknown option --force (see --help).',
    ],
    [
      ['Workbooks/A.pdf', 'a.pdf', '--profile', 'dev', '--endpoint', 'http://x'],
      'Use either --profile or --endpoint, not both.',
    ],
    [
      ['Workbooks/A.pdf', 'a.pdf', '--profile', 'dev', '--bucket', 'b'],
      '--bucket goes with --endpoint (a profile knows its bucket).',
    ],
    [['Workbooks/A.pdf', 'a.pdf', '--endpoint', 'http://s3.local'], '--endpoint needs --bucket.'],
    [
      ['Workbooks/A.pdf', 'a.pdf', '--endpoint', 'ftp://s3.local', '--bucket', 'bkt'],
      '--endpoint must be an http or https URL.',
    ],
    [
      ['Workbooks/A.pdf', 'a.pdf', '--endpoint', 'not a url', '--bucket', 'bkt'],
      '--endpoint must be a URL such as https://s3.example.com.',
    ],
    [
      ['Workbooks/A.pdf', 'a.pdf', '--endpoint', 'http://s3.local', '--bucket', 'Bad_Bucket'],
      '--bucket must be an S3 bucket name (3-63 lowercase letters, digits, dots, dashes).',
    ],
  ])('%j → %s', (argv, error) => {
    const r = parseArgs(argv, {});
    if (error === undefined) expect(r.help).toBe(true);
    else expect(r.error).toBe(error);
  });

  it('needs the AWS keys for --endpoint', () => {
    const argv = ['Workbooks/A.pdf', 'a.pdf', '--endpoint', 'http://s3.local', '--bucket', 'bkt'];
    expect(parseArgs(argv, { AWS_ACCESS_KEY_ID: 'x' }).error).toBe(
      'Set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY for --endpoint.',
    );
    expect(parseArgs(argv, KEYS).options?.region).toBe('us-east-1');
  });
});

describe('replace-asset object paths', () => {
  it.each([
    'Workbooks/TEAS-Math-Workbook.pdf',
    'Workbooks/TEAS-Math-Workbook/videos/01-multiplying-fractions.mp4',
    'Downloads/premium-android-stuff.zip',
    'Downloads/med-dosage-conversions.pdf',
    'Downloads/cover.png',
  ])('accepts %s', (p) => expect(assetPathProblem(p)).toBeNull());

  it.each([
    ['../Workbooks/A.pdf', "The object path must not contain '..', '.' or empty segments."],
    ['/Workbooks/A.pdf', 'The object path must be a relative path.'],
    ['Workbooks/%2e%2e/A.pdf', expect.stringMatching(/^The object path may only contain/)],
    ['Stamped/u1/abc.pdf', expect.stringMatching(/^The object path must name/)],
    ['Workbooks/A.exe', expect.stringMatching(/^The object path must name/)],
    ['Workbooks/Ａ.pdf', expect.stringMatching(/^The object path may only contain/)],
    [
      'Images/AB12-que.png',
      'Question images and videos are changed in the question editor, not with this command.',
    ],
    [
      'VideoSolutions/AB12-vid.mp4',
      'Question images and videos are changed in the question editor, not with this command.',
    ],
  ])('refuses %s', (p, message) => expect(assetPathProblem(p)).toEqual(message));

  it('uses the media path rules of libs/contracts (types/media.ts): same verdict on any path', () => {
    const seg = fc.constantFrom(
      'Workbooks',
      'Downloads',
      'Images',
      'videos',
      'A-b',
      'x',
      '..',
      '.',
      '',
      'Stamped',
    );
    const name = fc.constantFrom(
      'TEAS-Math-Workbook.pdf',
      'a.mp4',
      'b.zip',
      'c.png',
      'AB12-que.png',
      'd.jpg',
      'e.txt',
      'f',
    );
    fc.assert(
      fc.property(fc.array(seg, { maxLength: 3 }), name, (dirs, file) => {
        const p = [...dirs, file].join('/');
        const parsed = mediaPathProblem(p) ? null : parseMediaPath(p);
        const accepted = assetPathProblem(p) === null;
        expect(accepted).toBe(parsed !== null && parsed.kind !== 'question');
      }),
      { numRuns: 500 },
    );
  });
});

describe('replace-asset file checks (content, not name)', () => {
  it.each([
    ['Workbooks/A.pdf', 'application/pdf', PDF],
    ['Downloads/chart.pdf', 'application/pdf', PDF],
    ['Workbooks/A/videos/b.mp4', 'video/mp4', MP4],
    ['Downloads/pack.zip', 'application/zip', ZIP],
    ['Downloads/cover.png', 'image/png', PNG],
    ['Downloads/cover.jpg', 'image/jpeg', JPEG],
  ])('%s with content of type %s is accepted', (p, type, bytes) => {
    expect(checkFile(p, bytes.length, bytes)).toEqual({ contentType: type });
  });

  it.each([
    [
      'Workbooks/A.pdf',
      HTML,
      'Workbooks/A.pdf must be a PDF, but the file is none of PDF, MP4, ZIP, PNG or JPEG (its content was checked, not its name).',
    ],
    [
      'Workbooks/A/videos/b.mp4',
      ZIP,
      'Workbooks/A/videos/b.mp4 must be an MP4 video, but the file is a ZIP archive (its content was checked, not its name).',
    ],
    [
      'Downloads/pack.zip',
      PDF,
      'Downloads/pack.zip must be a ZIP archive, but the file is a PDF (its content was checked, not its name).',
    ],
    [
      'Downloads/cover.png',
      JPEG,
      'Downloads/cover.png must be a PNG image, but the file is a JPEG image (its content was checked, not its name).',
    ],
  ])('%s with the wrong content is refused (case %#)', (p, bytes, message) => {
    expect(checkFile(p, bytes.length, bytes)).toEqual({ problem: message });
  });

  it('refuses empty and oversized files', () => {
    expect(checkFile('Workbooks/A.pdf', 0, Buffer.alloc(0))).toEqual({
      problem: 'The file is empty.',
    });
    expect(checkFile('Workbooks/A.pdf', 501 * 1024 * 1024, PDF)).toEqual({
      problem: 'The file is larger than 500 MB.',
    });
  });

  it('sniffs an MP4 whose brand is not a video brand as none', () => {
    const heif = Buffer.concat([
      Buffer.from([0, 0, 0, 24]),
      Buffer.from('ftypheic\0\0\0\0heicmif1', 'latin1'),
    ]);
    expect(sniffType(heif)).toBeNull();
  });
});

describe('replace-asset manifest update', () => {
  const now = new Date('2026-11-24T12:00:00Z');
  it('a workbook PDF sets pageCount and updatedAt of the manifest naming it', async () => {
    const u = await manifestUpdate(
      'Workbooks/Med-Dosage-Workbook.pdf',
      await conversionChartPdf(),
      now,
    );
    expect(u).toEqual({
      filter: { pdfPath: 'Workbooks/Med-Dosage-Workbook.pdf' },
      set: { pageCount: 1, updatedAt: '2026-11-24T12:00:00.000Z' },
    });
  });

  it('a workbook video sets updatedAt and the video length', async () => {
    const p = 'Workbooks/TEAS-Math-Workbook/videos/01-multiplying-fractions.mp4';
    const u = await manifestUpdate(p, await renderTinyClip(), now);
    expect(u).toEqual({
      filter: { 'chapters.videos.path': p },
      set: { updatedAt: '2026-11-24T12:00:00.000Z' },
      video: { path: p, seconds: 2 },
    });
  });

  it('a download has no manifest', async () => {
    expect(await manifestUpdate('Downloads/free-3d-assets.zip', ZIP, now)).toBeNull();
  });
});

describe('replace-asset run (checks before any S3 call)', () => {
  const out = () => {
    const lines: string[] = [];
    return { lines, log: (l: string) => lines.push(l), error: (l: string) => lines.push(l) };
  };

  it('prints the usage for --help and exits 0', async () => {
    const o = out();
    expect(await run(['--help'], {}, o)).toBe(0);
    expect(o.lines[0]).toMatch(/^Replaces a workbook PDF, a workbook video or a download/);
  });

  it('exits 2 with the reason for bad arguments, a missing file or a wrong type', async () => {
    const o = out();
    expect(await run(['Images/AB12-que.png', 'x.png', '--profile', 'dev'], {}, o)).toBe(2);
    expect(await run(['Workbooks/A.pdf', '/nonexistent/file.pdf', '--profile', 'dev'], {}, o)).toBe(
      2,
    );
    expect(await run(['Workbooks/A.pdf', __filename, '--profile', 'dev'], {}, o)).toBe(2);
    expect(o.lines).toEqual([
      'replace-asset: Question images and videos are changed in the question editor, not with this command.',
      'replace-asset: /nonexistent/file.pdf is not a file.',
      'replace-asset: Workbooks/A.pdf must be a PDF, but the file is none of PDF, MP4, ZIP, PNG or JPEG (its content was checked, not its name).',
    ]);
  });
});
