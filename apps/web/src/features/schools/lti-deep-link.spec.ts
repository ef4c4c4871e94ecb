import { DEEP_LINK_MESSAGES } from '@examprep/contracts/types';
import { deepLinkView, OPTIONS } from './lti-fixtures';
import { DEEP_LINK_SEND_PATH } from '@examprep/contracts/types';
import {
  checkPicks,
  groupOptions,
  sendToLms,
  serverErrorsOf,
  setPicked,
  updatePick,
  type Picks,
} from './lti-deep-link';
import { LTI_DEEP_LINK_MESSAGES as T } from './lti-deep-link.messages';

const [INFINITE, TEST, WORKBOOK, PUMP] = OPTIONS;
const NONE: Picks = new Map();

describe('groupOptions', () => {
  it('puts tests, workbooks, then practice (Infinite QBank and the pump), leaving out empty ones', () => {
    expect(groupOptions(OPTIONS).map((g) => [g.key, g.options.map((o) => o.key)])).toEqual([
      ['test', [TEST.key]],
      ['workbook', [WORKBOOK.key]],
      ['practice', [INFINITE.key, PUMP.key]],
    ]);
    expect(groupOptions([PUMP]).map((g) => g.key)).toEqual(['practice']);
  });
});

describe('setPicked and updatePick', () => {
  it("starts a pick with the option's title, graded on, and keeps its settings while picked", () => {
    const one = setPicked(NONE, TEST, true, true);
    expect(one.get(TEST.key)).toEqual({ title: TEST.title, graded: true });
    const changed = updatePick(one, TEST.key, { graded: false, title: 'Quiz 1' });
    expect(setPicked(changed, WORKBOOK, true, true).get(TEST.key)).toEqual({
      title: 'Quiz 1',
      graded: false,
    });
    expect([...setPicked(changed, TEST, false, true).keys()]).toEqual([]);
  });

  it('keeps only the newest pick when the LMS takes one item', () => {
    const picks = setPicked(setPicked(NONE, TEST, true, false), PUMP, true, false);
    expect([...picks.keys()]).toEqual([PUMP.key]);
  });

  it('changes nothing for an option that is not picked', () => {
    expect(updatePick(NONE, TEST.key, { title: 'x' })).toBe(NONE);
  });
});

describe('checkPicks', () => {
  it(`refuses nothing picked: '${DEEP_LINK_MESSAGES.nothingPicked}'`, () => {
    expect(checkPicks(deepLinkView(), NONE).errors?.form).toEqual([
      DEEP_LINK_MESSAGES.nothingPicked,
    ]);
  });

  it(`refuses two picks where the LMS takes one: '${DEEP_LINK_MESSAGES.oneOnly}'`, () => {
    const picks = setPicked(setPicked(NONE, TEST, true, true), PUMP, true, true);
    expect(checkPicks(deepLinkView({ acceptMultiple: false }), picks).errors?.form).toEqual([
      DEEP_LINK_MESSAGES.oneOnly,
    ]);
  });

  it(`refuses a title over 120 characters, beside its pick: '${DEEP_LINK_MESSAGES.titleTooLong}'`, () => {
    const picks = updatePick(setPicked(NONE, TEST, true, true), TEST.key, {
      title: 'x'.repeat(121),
    });
    const checked = checkPicks(deepLinkView(), picks);
    expect(checked.errors?.form).toEqual([]);
    expect(checked.errors?.titles.get(TEST.key)).toBe(DEEP_LINK_MESSAGES.titleTooLong);
    // 120 after trimming is fine, as the service trims
    const fine = updatePick(picks, TEST.key, { title: ` ${'x'.repeat(120)} ` });
    expect(checkPicks(deepLinkView(), fine).picks).toEqual([
      { key: TEST.key, title: 'x'.repeat(120), graded: true },
    ]);
  });

  it("sends the picks in the options' order; graded only for tests where the LMS makes columns", () => {
    let picks = setPicked(NONE, PUMP, true, true);
    picks = setPicked(picks, TEST, true, true);
    picks = updatePick(picks, TEST.key, { graded: false });
    picks = updatePick(picks, PUMP.key, { title: '   ' });
    expect(checkPicks(deepLinkView(), picks).picks).toEqual([
      { key: TEST.key, title: TEST.title, graded: false },
      { key: PUMP.key },
    ]);
    expect(checkPicks(deepLinkView({ acceptLineItem: false }), picks).picks).toEqual([
      { key: TEST.key, title: TEST.title },
      { key: PUMP.key },
    ]);
  });
});

describe('serverErrorsOf', () => {
  const sent = [{ key: TEST.key }, { key: PUMP.key }];

  it("puts a pick's title error beside its field and the rest on the form", () => {
    const errors = serverErrorsOf(
      {
        'input.picks.1.title': [DEEP_LINK_MESSAGES.titleTooLong],
        picks: [DEEP_LINK_MESSAGES.unknownOption, DEEP_LINK_MESSAGES.unknownOption],
      },
      sent,
      'fallback',
    );
    expect([...errors.titles]).toEqual([[PUMP.key, DEEP_LINK_MESSAGES.titleTooLong]]);
    expect(errors.form).toEqual([DEEP_LINK_MESSAGES.unknownOption]);
  });

  it("gives the server's message when it names no field", () => {
    expect(serverErrorsOf({}, sent, DEEP_LINK_MESSAGES.oneOnly).form).toEqual([
      DEEP_LINK_MESSAGES.oneOnly,
    ]);
  });
});

describe('sendToLms (Deep Linking 2.0 §4.2: our send page posts the JWT to the LMS)', () => {
  it('opens our one-time send page', () => {
    const assign = jest.fn();
    sendToLms(`${DEEP_LINK_SEND_PATH}?token=${'a'.repeat(43)}`, { assign });
    expect(assign).toHaveBeenCalledWith(`${DEEP_LINK_SEND_PATH}?token=${'a'.repeat(43)}`);
  });

  it.each(['https://lms.example/return', 'javascript:alert(1)', '/api/other?x', '//evil.example'])(
    'never leaves for %s',
    (url) => {
      const assign = jest.fn();
      expect(() => sendToLms(url, { assign })).toThrow(T.badReturnUrl);
      expect(assign).not.toHaveBeenCalled();
    },
  );
});
