import { type Actor, Events, type PracticeAnsweredEvent } from '@examprep/contracts';
import { generate, generatorKeys, isPumpTopic } from '@examprep/generators';
import { failure, infiniteService as service } from '../../test/support/infinite-fixture';
import type { QbankEnv } from '../config/qbank.env';
import {
  PracticeFacts,
  practiceFact,
  practiceMisconception,
  practiceMsgId,
} from './practice-facts';

const LEARNER: Actor = { uid: 'l-9', email: 'l9@x.test', isAdmin: false, emailVerified: true };
const AT = new Date('2026-11-28T10:00:00Z');

/** The first seed of a topic whose item has a named wrong value. */
function itemWithDistractor(type: 'single') {
  for (const key of generatorKeys())
    for (let seed = 0; seed < 50; seed++) {
      const item = generate(key, seed);
      if (item.type === type && item.distractors.length > 0) return item;
    }
  throw new Error(`no ${type} item with a named wrong value`);
}

describe('practiceFact', () => {
  it('a wrong choice names the misconception of the distractor it picked; the guess is 1/choices', () => {
    const item = itemWithDistractor('single');
    const wrong = item.distractors[0]!;
    const fact = practiceFact('u1', item, [` ${wrong.value} `], false, AT);
    expect(fact).toEqual<PracticeAnsweredEvent>({
      uid: 'u1',
      itemId: item.id,
      topicKey: item.topicKey,
      course: item.course,
      objective: item.objective,
      correct: false,
      misconception: wrong.misconception,
      guess: 1 / item.choices.length,
      source: 'infinite',
      answeredAt: AT.toISOString(),
    });
    expect(practiceFact('u1', item, item.correctAnswer, true, AT).misconception).toBeNull();
  });

  it('a typed value equal to a named wrong value (as the rounding reads it) names it; any other names none', () => {
    // today's generated blank items name no wrong values; the rule is the tests' (misconceptionOf)
    const item = {
      type: 'blank' as const,
      rounding: { places: 1 },
      distractors: [{ value: '0.5', misconception: 'inverted the ratio' }],
    };
    expect(practiceMisconception(item, ['0.5'])).toBe('inverted the ratio');
    expect(practiceMisconception(item, ['0.50'])).toBe('inverted the ratio');
    expect(practiceMisconception(item, ['12'])).toBeNull();
    expect(practiceMisconception(item, [])).toBeNull();
    const blank = generate(
      generatorKeys().find((k) => generate(k, 1).type === 'blank')!,
      1,
    );
    expect(practiceFact('u1', blank, ['123456789'], false, AT).guess).toBe(0);
  });

  it('a pump item is a pump answer without a misconception', () => {
    const key = generatorKeys().find(isPumpTopic)!;
    const fact = practiceFact('u1', generate(key, 2), ['1', '2', '3', '4'], false, AT);
    expect(fact).toMatchObject({ source: 'pump', guess: 0, misconception: null });
  });

  it('one message id per learner and item (a re-check within the duplicate window counts once)', () => {
    expect(practiceMsgId('u1', 'teas_fraction_ops~5')).toBe('practice:u1:teas_fraction_ops~5');
    // a served review of the same item counts apart (a practice miss, then its review next)
    expect(practiceMsgId('u1', 'teas_fraction_ops~5', true)).toBe(
      'practice:u1:teas_fraction_ops~5:review',
    );
  });
});

describe('InfiniteService: the learning engine hears of checked answers', () => {
  it('a signed-in check publishes the fact; an anonymous one publishes nothing', async () => {
    const sut = service();
    const item = itemWithDistractor('single');
    await sut.check(LEARNER, { id: item.id, answer: [item.distractors[0]!.value] });
    await sut.check(null, { id: item.id, answer: item.correctAnswer });
    const calls = sut.publish.mock.calls as unknown as [string, PracticeAnsweredEvent, string][];
    const facts = calls.filter((c) => c[0] === Events.practiceAnswered);
    expect(facts).toHaveLength(1);
    expect(facts[0]![1]).toMatchObject({ uid: LEARNER.uid, itemId: item.id, correct: false });
    expect(facts[0]![2]).toBe(practiceMsgId(LEARNER.uid, item.id));
    await sut.check(LEARNER, { id: item.id, answer: item.correctAnswer, review: true });
    const review = calls.filter((c) => c[0] === Events.practiceAnswered)[1]!;
    expect(review[1]).toMatchObject({ itemId: item.id, correct: true, review: true });
    expect(review[2]).toBe(`practice:${LEARNER.uid}:${item.id}:review`);
    await sut.onModuleDestroy();
  });

  it('a check answers even when JetStream refuses the fact', async () => {
    const sut = service();
    sut.publish.mockRejectedValue(new Error('stream full'));
    const item = itemWithDistractor('single');
    await expect(
      sut.check(LEARNER, { id: item.id, answer: item.correctAnswer }),
    ).resolves.toMatchObject({ correct: true });
    await sut.onModuleDestroy();
  });
});

describe('InfiniteService.generateItems (the weak-spots batch)', () => {
  it('replays the items by id, in order, without answers', async () => {
    const sut = service();
    const ids = ['teas_fraction_ops~11', 'md_oral_tablets~7'];
    const { questions } = await sut.generateItems(LEARNER, { ids });
    expect(questions.map((q) => q.id)).toEqual(ids);
    expect(questions[0]).not.toHaveProperty('correctAnswer');
    await sut.onModuleDestroy();
  });

  it('leaves out pump problems beyond the preview for a learner without simulation access', async () => {
    const sut = service(false);
    const ids = ['md_pump_rate_single~3', 'md_pump_rate_single~123456', 'md_pump_rate_dual~1'];
    const { questions } = await sut.generateItems(LEARNER, { ids });
    expect(questions.map((q) => q.id)).toEqual(['md_pump_rate_single~3']);
    await sut.onModuleDestroy();
  });

  it('needs a caller, and refuses malformed ids naming the field', async () => {
    const sut = service();
    expect(await failure(sut.generateItems(null, { ids: ['teas_fraction_ops~1'] }))).toMatchObject({
      status: 401,
    });
    expect(await failure(sut.generateItems(LEARNER, { ids: ['<b>'] }))).toMatchObject({
      status: 400,
    });
    await sut.onModuleDestroy();
  });
});

describe('PracticeFacts: LEARNING_FACTS', () => {
  it('off: nothing is published (the checks go on answering)', () => {
    const publish = jest.fn(async () => ({ seq: 1, duplicate: false }));
    const off = new PracticeFacts({ publish }, { LEARNING_FACTS: false } as QbankEnv);
    const on = new PracticeFacts({ publish }, { LEARNING_FACTS: true } as QbankEnv);
    const fact = practiceFact('u1', generate('teas_fraction_ops', 1), ['x'], false, AT);
    off.publish(fact);
    expect(publish).not.toHaveBeenCalled();
    on.publish(fact);
    expect(publish).toHaveBeenCalledTimes(1);
  });
});
