// Question saves with media (ADR 0020 §2, admin spec §4) and the list's media filters (admin
// spec §2.4) over the in-memory questions repository and a faked media service.
import {
  type Actor,
  ErrorCodes,
  Events,
  MEDIA_MESSAGES,
  type QuestionInput,
  type QuestionMedia,
  type QuestionMediaChanges,
  questionMediaPath,
} from '@examprep/contracts';
import { RpcCallError, ServiceError } from '@examprep/nest-kit';
import { FakeQuestionsRepository } from '../../test/support/fake-questions.repository';
import { type MediaCalls, mediaFailure } from '../media/media-peer';
import { QidAllocator } from './qid-allocator.service';
import { QuestionEvents } from './question-events.service';
import { QuestionMediaService } from './question-media.service';
import { QuestionSearchService } from './question-search.service';
import type { QuestionRecord } from './question.schema';
import { QuestionsService } from './questions.service';

const ADMIN: Actor = { uid: 'admin-1', email: 'a@x.test', isAdmin: true, emailVerified: true };
const UP1 = 'a'.repeat(24);
const UP2 = 'b'.repeat(24);
const NO_MEDIA: QuestionMedia = { questionImage: null, explanationImage: null, video: null };

const INPUT: QuestionInput = {
  question: 'What is 2 + 2?',
  type: 'single',
  choices: ['3', '4', '5', '22'],
  correctAnswer: ['4'],
  explanation: 'Add.',
  course: 'TEAS Math QBank',
  objective: 'Numbers and Algebra - Operations',
  rounding: null,
};

/** A media service that commits every upload to the slot's path, unless told to fail. */
function fakeMedia(over: Partial<Record<keyof MediaCalls, jest.Mock>> = {}) {
  const media = {
    commit: jest.fn(async (_a: Actor, qid: string, changes: QuestionMediaChanges) =>
      Object.fromEntries(
        Object.keys(changes).map((slot) => [
          slot,
          questionMediaPath(qid, slot as keyof QuestionMedia),
        ]),
      ),
    ),
    deleteObjects: jest.fn(async (_a: Actor, paths: string[]) => ({ deleted: paths, failed: [] })),
    index: jest.fn(async () => new Set<string>()),
    ...over,
  };
  return media;
}

function setup(over: Partial<Record<keyof MediaCalls, jest.Mock>> = {}) {
  const repo = new FakeQuestionsRepository();
  const media = fakeMedia(over);
  const publish = jest.fn(async () => ({ seq: 1, duplicate: false }));
  const events = new QuestionEvents({ publish });
  const questionMedia = new QuestionMediaService(repo, media, events);
  const sut = new QuestionsService(repo, new QidAllocator(repo), questionMedia, events);
  const search = new QuestionSearchService(repo, questionMedia);
  return { repo, media, publish, sut, search };
}

const errorOf = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: unknown) => (e instanceof ServiceError ? e.payload : e),
  );

const seed = (repo: FakeQuestionsRepository, qid: string, media: Partial<QuestionMedia> = {}) =>
  repo.seed({ _id: qid, ...INPUT, rounding: null, media: { ...NO_MEDIA, ...media } });

describe('create with media (ADR 0020 §2)', () => {
  it('reserves the qid with no media, commits the uploads to its paths, then writes them', async () => {
    const { repo, media, publish, sut } = setup();
    let atCommit: QuestionRecord | undefined;
    media.commit.mockImplementationOnce(async (_a: Actor, qid: string) => {
      atCommit = structuredClone(repo.docs.get(qid));
      return {
        questionImage: questionMediaPath(qid, 'questionImage'),
        video: questionMediaPath(qid, 'video'),
      };
    });
    const q = await sut.create(ADMIN, {
      ...INPUT,
      media: { questionImage: { uploadId: UP1 }, video: { uploadId: UP2 }, explanationImage: null },
    });
    expect(atCommit?.media).toEqual(NO_MEDIA);
    expect(media.commit).toHaveBeenCalledWith(ADMIN, q.qid, {
      questionImage: { uploadId: UP1 },
      video: { uploadId: UP2 },
    });
    expect(q.media).toEqual({
      questionImage: `Images/${q.qid}-que.png`,
      explanationImage: null,
      video: `VideoSolutions/${q.qid}-vid.mp4`,
    });
    expect(repo.docs.get(q.qid)?.media).toEqual(q.media);
    expect(media.deleteObjects).not.toHaveBeenCalled();
    expect(publish).toHaveBeenCalledWith(
      Events.questionMediaChanged,
      expect.objectContaining({
        qid: q.qid,
        paths: [`Images/${q.qid}-que.png`, `VideoSolutions/${q.qid}-vid.mp4`],
      }),
      expect.stringContaining(q.qid),
    );
  });

  it('no uploads: no media call, no event', async () => {
    const { media, publish, sut } = setup();
    const q = await sut.create(ADMIN, INPUT);
    expect(q.media).toEqual(NO_MEDIA);
    expect(media.commit).not.toHaveBeenCalled();
    expect(publish).not.toHaveBeenCalled();
  });

  it.each([
    [
      '400 BAD_MEDIA_FILE',
      { status: 400, code: ErrorCodes.BAD_MEDIA_FILE, message: MEDIA_MESSAGES.notAnImage },
    ],
    [
      '503 STORAGE_UNAVAILABLE',
      {
        status: 503,
        code: ErrorCodes.STORAGE_UNAVAILABLE,
        message: MEDIA_MESSAGES.storageUnavailable,
      },
    ],
  ])(
    'a refused commit (%s) is answered to the admin and the reserved question is gone',
    async (_l, payload) => {
      const { repo, media, publish, sut } = setup({
        commit: jest.fn(async () => {
          throw new ServiceError(payload);
        }),
      });
      const err = await errorOf(
        sut.create(ADMIN, { ...INPUT, media: { questionImage: { uploadId: UP1 } } }),
      );
      expect(err).toEqual(payload);
      expect(repo.docs.size).toBe(0);
      expect(publish).not.toHaveBeenCalled();
      // a commit that timed out may have copied: the freed qid's path is cleared
      const [, paths] = media.deleteObjects.mock.calls[0] as [Actor, string[]];
      expect(paths).toHaveLength(1);
      expect(paths[0]).toMatch(/^Images\/[A-Z]{2}\d{2}-que\.png$/);
    },
  );

  it('the save rules come before any media call (nothing reserved, nothing committed)', async () => {
    const { repo, media, sut } = setup();
    const err = await errorOf(
      sut.create(ADMIN, {
        ...INPUT,
        correctAnswer: [],
        media: { questionImage: { uploadId: UP1 } },
      }),
    );
    expect(err).toMatchObject({ status: 400 });
    expect(media.commit).not.toHaveBeenCalled();
    expect(repo.docs.size).toBe(0);
  });

  it('a media field that is no QuestionMediaChanges is 400 naming media', async () => {
    const { media, sut } = setup();
    for (const bad of [
      { questionImage: { uploadId: 'short' } },
      { poster: null },
      { video: { uploadId: UP1, path: 'x' } },
      { questionImage: 'Images/AB12-que.png' },
    ]) {
      const err = await errorOf(sut.create(ADMIN, { ...INPUT, media: bad as never }));
      expect(err).toMatchObject({ status: 400, fields: { media: [expect.any(String)] } });
    }
    expect(media.commit).not.toHaveBeenCalled();
  });
});

describe('update with media (admin spec §4)', () => {
  it('replace one slot, remove another, keep the third; removed objects deleted after the write', async () => {
    const { repo, media, publish, sut } = setup();
    seed(repo, 'AB12', {
      questionImage: 'Images/AB12-que.png',
      explanationImage: 'Images/AB12-exp.png',
      video: 'VideoSolutions/AB12-vid.mp4',
    });
    let docAtDelete: QuestionRecord | undefined;
    media.deleteObjects.mockImplementationOnce(async (_a: Actor, paths: string[]) => {
      docAtDelete = structuredClone(repo.docs.get('AB12'));
      return { deleted: paths, failed: [] };
    });
    const q = await sut.update(ADMIN, 'AB12', {
      ...INPUT,
      question: 'Changed',
      media: { questionImage: { uploadId: UP1 }, explanationImage: null },
    });
    expect(media.commit).toHaveBeenCalledWith(ADMIN, 'AB12', { questionImage: { uploadId: UP1 } });
    expect(q).toMatchObject({
      question: 'Changed',
      media: {
        questionImage: 'Images/AB12-que.png',
        explanationImage: null,
        video: 'VideoSolutions/AB12-vid.mp4',
      },
    });
    expect(media.deleteObjects).toHaveBeenCalledWith(ADMIN, ['Images/AB12-exp.png']);
    expect(docAtDelete?.media.explanationImage).toBeNull(); // written first
    expect(publish).toHaveBeenCalledWith(
      Events.questionMediaChanged,
      expect.objectContaining({
        qid: 'AB12',
        paths: ['Images/AB12-que.png', 'Images/AB12-exp.png'],
      }),
      expect.any(String),
    );
  });

  it('a refused commit writes nothing and deletes nothing', async () => {
    const { repo, media, publish, sut } = setup({
      commit: jest.fn(async () => {
        throw new ServiceError({
          status: 400,
          code: ErrorCodes.BAD_MEDIA_FILE,
          message: MEDIA_MESSAGES.notAVideo,
        });
      }),
    });
    seed(repo, 'AB12', { explanationImage: 'Images/AB12-exp.png' });
    const err = await errorOf(
      sut.update(ADMIN, 'AB12', {
        ...INPUT,
        question: 'Changed',
        media: { video: { uploadId: UP1 }, explanationImage: null },
      }),
    );
    expect(err).toEqual({ status: 400, code: 'BAD_MEDIA_FILE', message: MEDIA_MESSAGES.notAVideo });
    expect(repo.docs.get('AB12')).toMatchObject({
      question: INPUT.question,
      media: { explanationImage: 'Images/AB12-exp.png' },
    });
    expect(media.deleteObjects).not.toHaveBeenCalled();
    expect(publish).not.toHaveBeenCalled();
  });

  it('a failed delete of a removed object is only logged: the save succeeds', async () => {
    const { repo, sut } = setup({
      deleteObjects: jest.fn(async () => {
        throw new RpcCallError({ status: 503, code: 'SERVICE_UNAVAILABLE', message: 'down' });
      }),
    });
    seed(repo, 'AB12', { video: 'VideoSolutions/AB12-vid.mp4' });
    const q = await sut.update(ADMIN, 'AB12', { ...INPUT, media: { video: null } });
    expect(q.media.video).toBeNull();
  });

  it('an unknown qid with media changes is 404 before anything is committed', async () => {
    const { media, sut } = setup();
    const err = await errorOf(
      sut.update(ADMIN, 'ZZ99', { ...INPUT, media: { video: { uploadId: UP1 } } }),
    );
    expect(err).toMatchObject({ status: 404 });
    expect(media.commit).not.toHaveBeenCalled();
  });

  it('no media field keeps every slot and asks the media service nothing', async () => {
    const { repo, media, publish, sut } = setup();
    seed(repo, 'AB12', { questionImage: 'Images/AB12-que.png' });
    const q = await sut.update(ADMIN, 'AB12', INPUT);
    expect(q.media.questionImage).toBe('Images/AB12-que.png');
    expect(media.commit).not.toHaveBeenCalled();
    expect(media.deleteObjects).not.toHaveBeenCalled();
    expect(publish).not.toHaveBeenCalled();
  });
});

describe('the media service down or slow is storage unavailable to the admin', () => {
  it.each([503, 504])('%s → 503 STORAGE_UNAVAILABLE with the storage sentence', (status) => {
    const err = mediaFailure(new RpcCallError({ status, code: 'X', message: 'x' }));
    expect((err as ServiceError).payload).toEqual({
      status: 503,
      code: ErrorCodes.STORAGE_UNAVAILABLE,
      message: MEDIA_MESSAGES.storageUnavailable,
    });
  });
  it('a 400 of the media service is passed on as it is', () => {
    const payload = {
      status: 400,
      code: ErrorCodes.BAD_MEDIA_FILE,
      message: MEDIA_MESSAGES.emptyFile,
    };
    expect((mediaFailure(new RpcCallError(payload)) as ServiceError).payload).toEqual(payload);
  });
});

describe('list: has/missing media filters count real objects (admin spec §2.4)', () => {
  function listed() {
    const s = setup();
    // AA11: document says image, object gone; AA22: both; AA33: object without document path
    seed(s.repo, 'AA11', { questionImage: 'Images/AA11-que.png' });
    seed(s.repo, 'AA22', {
      questionImage: 'Images/AA22-que.png',
      video: 'VideoSolutions/AA22-vid.mp4',
    });
    seed(s.repo, 'AA33');
    s.media.index.mockResolvedValue(
      new Set(['Images/AA22-que.png', 'VideoSolutions/AA22-vid.mp4', 'Images/AA33-que.png']),
    );
    return s;
  }
  const qids = (r: { questions: { qid: string }[] }) => r.questions.map((q) => q.qid);

  it('has / missing by the index of existing objects', async () => {
    const { search, media } = listed();
    expect(qids(await search.list(ADMIN, { questionImage: 'has' }))).toEqual(['AA22', 'AA33']);
    expect(qids(await search.list(ADMIN, { questionImage: 'missing' }))).toEqual(['AA11']);
    expect(qids(await search.list(ADMIN, { questionImage: 'has', video: 'missing' }))).toEqual([
      'AA33',
    ]);
    expect(qids(await search.list(ADMIN, { explanationImage: 'has' }))).toEqual([]);
    expect(media.index).toHaveBeenCalledWith(ADMIN);
  });

  it('no media filter: the index is not asked', async () => {
    const { search, media } = listed();
    expect((await search.list(ADMIN, {})).total).toBe(3);
    expect(media.index).not.toHaveBeenCalled();
  });

  it('the media service not answering: the documents’ paths decide', async () => {
    const { search, media } = listed();
    media.index.mockRejectedValue(
      new RpcCallError({ status: 503, code: 'SERVICE_UNAVAILABLE', message: 'x' }),
    );
    expect(qids(await search.list(ADMIN, { questionImage: 'has' }))).toEqual(['AA11', 'AA22']);
    expect(qids(await search.list(ADMIN, { questionImage: 'missing' }))).toEqual(['AA33']);
  });
});

describe('duplicate keeps no media (the paths are per qid)', () => {
  it('the copy has none and nothing is committed', async () => {
    const { repo, media, sut } = setup();
    seed(repo, 'AB12', { questionImage: 'Images/AB12-que.png' });
    const copy = await sut.duplicate(ADMIN, 'AB12');
    expect(copy.media).toEqual(NO_MEDIA);
    expect(media.commit).not.toHaveBeenCalled();
  });
});
