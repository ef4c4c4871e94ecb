import type { Actor, ParsedMediaPath } from '@examprep/contracts';
import { parseMediaPath } from '@examprep/contracts';
import {
  type AccessFacts,
  actorClass,
  isStampedOnly,
  mayAccess,
  mayDownload,
  neededFacts,
  workbookPdfOfVideo,
} from './policy';

const actor = (over: Partial<Actor> = {}): Actor => ({
  uid: 'u1',
  email: 'u1@examprep.test',
  isAdmin: false,
  emailVerified: true,
  ...over,
});
const ACTORS = {
  admin: actor({ isAdmin: true }),
  learner: actor(),
  unverified: actor({ emailVerified: false }),
  anonymous: null,
} as const;
const p = (path: string) => parseMediaPath(path) as ParsedMediaPath;

const QUE = p('Images/AB12-que.png');
const EXP = p('Images/AB12-exp.png');
const VID = p('VideoSolutions/AB12-vid.mp4');
const WB = p('Workbooks/TEAS-Math-Workbook.pdf');
const WBV = p('Workbooks/TEAS-Math-Workbook/videos/01-ratios.mp4');
const DL = p('Downloads/free-3d-assets.zip');

// every row × (admin, owner/member, other learner, anonymous, unverified)
const ROWS: { name: string; path: ParsedMediaPath; member: AccessFacts; other: AccessFacts }[] = [
  {
    name: 'question image: in one of their tests',
    path: QUE,
    member: { question: { inTest: true, revealed: false } },
    other: { question: { inTest: false, revealed: false } },
  },
  {
    name: 'explanation image: answer revealed',
    path: EXP,
    member: { question: { inTest: true, revealed: true } },
    other: { question: { inTest: true, revealed: false } },
  },
  {
    name: 'video: answer revealed',
    path: VID,
    member: { question: { inTest: true, revealed: true } },
    other: { question: { inTest: true, revealed: false } },
  },
  {
    name: 'workbook video: owns the product',
    path: WBV,
    member: { productKnown: true, product: true },
    other: { productKnown: true, product: false },
  },
  {
    name: 'download: free or owned',
    path: DL,
    member: { productKnown: true, productFree: true, product: true },
    other: { productKnown: true, productFree: false, product: false },
  },
];

describe('signing table (ADR 0020 §3)', () => {
  it.each(ROWS)('$name', ({ path, member, other }) => {
    expect(mayAccess(ACTORS.admin, path, {})).toBe(true);
    expect(mayAccess(ACTORS.learner, path, member)).toBe(true);
    expect(mayAccess(ACTORS.learner, path, other)).toBe(false);
    expect(mayAccess(ACTORS.learner, path, {})).toBe(false);
    for (const who of [ACTORS.anonymous, ACTORS.unverified]) {
      expect(mayAccess(who, path, member)).toBe(false);
      expect(neededFacts(who, path)).toBe('none');
    }
    expect(neededFacts(ACTORS.admin, path)).toBe('none');
  });

  it('asks the learner facts the path kind needs', () => {
    expect(neededFacts(ACTORS.learner, QUE)).toBe('question');
    expect(neededFacts(ACTORS.learner, VID)).toBe('question');
    expect(neededFacts(ACTORS.learner, WB)).toBe('none');
    expect(neededFacts(ACTORS.learner, WBV)).toBe('workbook');
    expect(neededFacts(ACTORS.learner, DL)).toBe('download');
  });

  it('a path no product has is refused to learners even when a fact says yes', () => {
    expect(mayAccess(ACTORS.learner, DL, { productKnown: false, product: true })).toBe(false);
    expect(mayAccess(ACTORS.learner, WBV, { product: true })).toBe(false);
  });

  it('a workbook PDF is signed to nobody, owners and admins included: it is delivered stamped only', () => {
    const owner = { productKnown: true, productFree: false, product: true };
    for (const who of Object.values(ACTORS)) {
      expect(isStampedOnly(WB)).toBe(true);
      expect(mayAccess(who, WB, owner)).toBe(false);
      expect(neededFacts(who, WB)).toBe('none');
    }
    for (const other of [QUE, EXP, VID, WBV, DL]) expect(isStampedOnly(other)).toBe(false);
  });

  it('classifies actors', () => {
    expect(actorClass(null)).toBe('anonymous');
    expect(actorClass(undefined)).toBe('anonymous');
    expect(actorClass(ACTORS.admin)).toBe('admin');
    expect(actorClass(actor({ isAdmin: true, emailVerified: false }))).toBe('admin');
    expect(actorClass(ACTORS.unverified)).toBe('unverified');
    expect(actorClass(ACTORS.learner)).toBe('learner');
  });

  it('maps a workbook video to its workbook PDF', () => {
    expect(workbookPdfOfVideo(WBV.path)).toBe('Workbooks/TEAS-Math-Workbook.pdf');
  });
});

describe('download tiers', () => {
  const free = { productKnown: true, productFree: true, product: true };
  const ownedPaid = { productKnown: true, productFree: false, product: true };
  const unownedPaid = { productKnown: true, productFree: false, product: false };
  const unknown = { productKnown: false, productFree: false, product: false };

  it('free tier: files of free products only, for every verified user and admins', () => {
    expect(mayDownload(ACTORS.learner, 'free', free)).toBe(true);
    expect(mayDownload(ACTORS.admin, 'free', free)).toBe(true);
    expect(mayDownload(ACTORS.learner, 'free', ownedPaid)).toBe(false);
    expect(mayDownload(ACTORS.admin, 'free', ownedPaid)).toBe(false);
    expect(mayDownload(ACTORS.learner, 'free', unknown)).toBe(false);
  });

  it('paid tier: owners and admins', () => {
    expect(mayDownload(ACTORS.learner, 'paid', ownedPaid)).toBe(true);
    expect(mayDownload(ACTORS.learner, 'paid', unownedPaid)).toBe(false);
    expect(mayDownload(ACTORS.admin, 'paid', unownedPaid)).toBe(true);
    expect(mayDownload(ACTORS.learner, 'paid', unknown)).toBe(false);
  });

  it('anonymous and unverified: never', () => {
    for (const who of [ACTORS.anonymous, ACTORS.unverified])
      for (const tier of ['free', 'paid'] as const) expect(mayDownload(who, tier, free)).toBe(false);
  });
});
