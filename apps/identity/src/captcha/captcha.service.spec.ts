import { CAPTCHA_CODES, CAPTCHA_MESSAGES, CAPTCHA_TTL_SECONDS } from '@examprep/contracts';
import { refusalOf } from '@examprep/nest-kit';
import { NUMERIC_MESSAGES } from '@examprep/validation';
import { FakeCaptchaRepository } from '../../test/support/fake-captcha.repository';
import { CaptchaService, SWEEP_INTERVAL_MS } from './captcha.service';

function setup() {
  const captchas = new FakeCaptchaRepository();
  let now = Date.parse('2026-11-22T12:00:00Z');
  const sut = new CaptchaService(captchas, {
    businessNumber: '+1-555-010-0199',
    clock: () => now,
  });
  const advance = (ms: number) => (now += ms);
  const stored = (id: string) => captchas.challenges.get(id)!;
  const used = (id: string) => captchas.uses.has(id);
  return { sut, advance, stored, used, captchas };
}

describe('CaptchaService', () => {
  it(`issues a math question that expires in ${CAPTCHA_TTL_SECONDS} s, without its answer`, async () => {
    const { sut, stored, used } = setup();
    const challenge = await sut.issue();
    expect(challenge).toEqual({
      challengeId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      question: expect.stringMatching(/^What is \d+ [+\-×] \d+\?$/),
      expiresIn: CAPTCHA_TTL_SECONDS,
    });
    expect(JSON.stringify(challenge)).not.toContain('answer');
    const doc = stored(challenge.challengeId);
    expect(used(challenge.challengeId)).toBe(false);
    expect(doc.expiresAt.toISOString()).toBe('2026-11-22T12:05:00.000Z');
    expect(doc.question).toBe(challenge.question);
  });

  it('answers the business number for the correct answer, once', async () => {
    const { sut, stored } = setup();
    const { challengeId } = await sut.issue();
    const answer = String(stored(challengeId).answer);
    await expect(sut.verify({ challengeId, answer })).resolves.toEqual({
      businessNumber: '+1-555-010-0199',
    });
    expect(await refusalOf(sut.verify({ challengeId, answer }))).toMatchObject({
      status: 409,
      code: CAPTCHA_CODES.USED,
      message: CAPTCHA_MESSAGES.used,
    });
  });

  it('accepts leading zeros (the digits are compared as a number)', async () => {
    const { sut, stored } = setup();
    const { challengeId } = await sut.issue();
    const answer = `00${stored(challengeId).answer}`;
    await expect(sut.verify({ challengeId, answer })).resolves.toHaveProperty('businessNumber');
  });

  it(`refuses a wrong answer with '${CAPTCHA_MESSAGES.incorrect}' and uses the challenge up`, async () => {
    const { sut, stored, used } = setup();
    const { challengeId } = await sut.issue();
    const right = stored(challengeId).answer;
    expect(await refusalOf(sut.verify({ challengeId, answer: String(right + 1) }))).toEqual({
      status: 400,
      code: CAPTCHA_CODES.INCORRECT,
      message: CAPTCHA_MESSAGES.incorrect,
    });
    expect(used(challengeId)).toBe(true);
    expect(await refusalOf(sut.verify({ challengeId, answer: String(right) }))).toMatchObject({
      code: CAPTCHA_CODES.USED,
    });
  });

  it('refuses an expired challenge, even with the right answer, and does not reveal the number', async () => {
    const { sut, stored, advance } = setup();
    const { challengeId } = await sut.issue();
    advance(CAPTCHA_TTL_SECONDS * 1000);
    const answer = String(stored(challengeId).answer);
    expect(await refusalOf(sut.verify({ challengeId, answer }))).toEqual({
      status: 410,
      code: CAPTCHA_CODES.EXPIRED,
      message: CAPTCHA_MESSAGES.expired,
    });
    // asked again: still 'expired' (not 'already used')
    expect(await refusalOf(sut.verify({ challengeId, answer }))).toMatchObject({
      code: CAPTCHA_CODES.EXPIRED,
    });
  });

  it('accepts the answer just before the expiry', async () => {
    const { sut, stored, advance } = setup();
    const { challengeId } = await sut.issue();
    advance(CAPTCHA_TTL_SECONDS * 1000 - 1);
    const answer = String(stored(challengeId).answer);
    await expect(sut.verify({ challengeId, answer })).resolves.toHaveProperty('businessNumber');
  });

  it('answers 404 for an unknown challenge', async () => {
    const { sut } = setup();
    expect(
      await refusalOf(
        sut.verify({ challengeId: '1b4e28ba-2fa1-41d2-883f-0016d3cca427', answer: '3' }),
      ),
    ).toEqual({ status: 404, code: CAPTCHA_CODES.NOT_FOUND, message: CAPTCHA_MESSAGES.notFound });
  });

  it.each([
    ['12a', NUMERIC_MESSAGES.notNumeric],
    ['-5', NUMERIC_MESSAGES.notNumeric],
    ['1.5', NUMERIC_MESSAGES.notNumeric],
    ['12345678901', NUMERIC_MESSAGES.tooLong()],
    ['<script>1</script>', NUMERIC_MESSAGES.security],
  ])(
    'refuses the answer %p with the numeric validator message and keeps the challenge',
    async (answer, message) => {
      const { sut, used } = setup();
      const { challengeId } = await sut.issue();
      expect(await refusalOf(sut.verify({ challengeId, answer }))).toEqual({
        status: 400,
        code: 'VALIDATION_FAILED',
        message,
        fields: { answer: [message] },
      });
      expect(used(challengeId)).toBe(false);
    },
  );

  it('names the fields of a malformed body', async () => {
    const { sut } = setup();
    const payload = await refusalOf(sut.verify({ challengeId: 'nope', answer: '' }));
    expect(payload.fields).toEqual({
      challengeId: [CAPTCHA_MESSAGES.challengeIdInvalid],
      answer: [CAPTCHA_MESSAGES.answerRequired],
    });
  });

  it('sweeps expired challenges and their uses on issue, at most once a minute', async () => {
    const { sut, advance, stored, captchas } = setup();
    const removeExpired = jest.spyOn(captchas, 'removeExpired');
    const old = await sut.issue();
    await sut.verify({
      challengeId: old.challengeId,
      answer: String(stored(old.challengeId).answer),
    });
    expect(removeExpired).toHaveBeenCalledTimes(1);
    advance(CAPTCHA_TTL_SECONDS * 1000 + 1);
    const fresh = await sut.issue();
    await new Promise((r) => setImmediate(r));
    expect(captchas.challenges.has(old.challengeId)).toBe(false);
    expect(captchas.uses.has(old.challengeId)).toBe(false);
    expect(captchas.challenges.has(fresh.challengeId)).toBe(true);
    advance(SWEEP_INTERVAL_MS - 1);
    await sut.issue();
    expect(removeExpired).toHaveBeenCalledTimes(2);
  });

  it('lets one of several simultaneous right answers through', async () => {
    const { sut, stored } = setup();
    const { challengeId } = await sut.issue();
    const answer = String(stored(challengeId).answer);
    const results = await Promise.allSettled(
      [1, 2, 3].map(() => sut.verify({ challengeId, answer })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });
});
