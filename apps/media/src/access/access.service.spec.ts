import type { Actor, ParsedMediaPath } from '@examprep/contracts';
import type { Peers } from '../peers/peers';
import { FakeWorkbooksRepository } from '../../test/support/fake-workbooks.repository';
import { AccessService } from './access.service';

const learner: Actor = { uid: 'u-1', email: 'l@examprep.test', isAdmin: false, emailVerified: true };
const explanation: ParsedMediaPath = {
  kind: 'question',
  slot: 'explanationImage',
  qid: 'AB12',
  path: 'Images/AB12-exp.png',
  bucket: 'media',
};
const image: ParsedMediaPath = { ...explanation, slot: 'questionImage', path: 'Images/AB12-que.png' };

function service(replies: Array<{ inTest: boolean; revealed: boolean }>) {
  const mediaAccess = jest.fn(async () => replies.shift() ?? { inTest: false, revealed: false });
  const peers = { mediaAccess } as unknown as Peers;
  return { access: new AccessService(peers, new FakeWorkbooksRepository()), mediaAccess };
}

describe('AccessService question facts', () => {
  it('asks again for answer media that was not revealed yet: the learner may just have pressed Check', async () => {
    const { access, mediaAccess } = service([
      { inTest: true, revealed: false },
      { inTest: true, revealed: true },
    ]);
    await expect(access.maySign(learner, explanation)).resolves.toBe(false);
    await expect(access.maySign(learner, explanation)).resolves.toBe(true);
    expect(mediaAccess).toHaveBeenCalledTimes(2);
  });

  it('keeps a grant: revealed answer media and question images are not asked twice', async () => {
    const { access, mediaAccess } = service([{ inTest: true, revealed: true }]);
    await expect(access.maySign(learner, explanation)).resolves.toBe(true);
    await expect(access.maySign(learner, explanation)).resolves.toBe(true);
    await expect(access.maySign(learner, image)).resolves.toBe(true);
    expect(mediaAccess).toHaveBeenCalledTimes(1);
  });

  it('never serves answer media from an answer that was asked for the question image only', async () => {
    const { access, mediaAccess } = service([
      { inTest: true, revealed: false },
      { inTest: true, revealed: false },
    ]);
    await expect(access.maySign(learner, image)).resolves.toBe(true);
    await expect(access.maySign(learner, explanation)).resolves.toBe(false);
    expect(mediaAccess).toHaveBeenCalledTimes(2);
  });
});
