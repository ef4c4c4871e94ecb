import { ApiError } from '../../shared/api/api-client';
import {
  PracticeSaver,
  answerProgress,
  debounce,
  draftKey,
  readDraft,
  type AnswerState,
} from './practice-saver';

function memoryStorage(): Storage {
  const m = new Map<string, string>();
  return {
    get length() {
      return m.size;
    },
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: (i) => [...m.keys()][i] ?? null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, v),
  };
}

function setup(over: { online?: boolean; save?: jest.Mock } = {}) {
  const storage = memoryStorage();
  let online = over.online ?? true;
  const events = new EventTarget();
  const save =
    over.save ??
    jest.fn(async (qid: string, answer: unknown) => ({
      success: true as const,
      questionId: qid,
      savedAt: '2026-01-01T00:00:00.000Z',
      saved: Array.isArray(answer) ? answer.length > 0 : answer !== '',
    }));
  const onTestOver = jest.fn();
  const sut = new PracticeSaver({
    testId: 'T1',
    save,
    storage,
    isOnline: () => online,
    onTestOver,
    events: events as unknown as Window,
  });
  sut.load(
    [
      { qid: 'q1', submittedAnswer: null, savedAt: null },
      { qid: 'q2', submittedAnswer: '7', savedAt: '2025-12-31T00:00:00.000Z' },
    ],
    () => true,
  );
  return {
    sut,
    save,
    storage,
    events,
    onTestOver,
    setOnline: (v: boolean) => {
      online = v;
    },
  };
}

const flushPromises = () => new Promise<void>((r) => jest.requireActual('timers').setImmediate(r));

describe('PracticeSaver (learner spec §4 Practice test, §3 Local draft)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('the draft key is examprep.draft.{testId}.{qid}', () => {
    expect(draftKey('T1', 'q1')).toBe('examprep.draft.T1.q1');
  });

  it('keeps a local draft on every change', () => {
    const { sut, storage } = setup();
    sut.change('q1', '1', true);
    sut.change('q1', '12', true);
    expect(readDraft(storage, 'T1', 'q1')).toBe('12');
    expect(sut.getSnapshot().answers.q1?.status).toBe('pending');
  });

  it('autosaves every 15 s what is non-empty, changed and valid; a successful save clears the draft', async () => {
    const { sut, save, storage } = setup();
    sut.start();
    sut.change('q1', '12', true);
    sut.change('q2', '7', true); // unchanged
    jest.advanceTimersByTime(14_999);
    expect(save).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    await flushPromises();
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith('q1', '12');
    expect(storage.getItem(draftKey('T1', 'q1'))).toBeNull();
    expect(sut.getSnapshot().answers.q1).toMatchObject({ status: 'saved', stored: '12' });
    // nothing changed since: the next tick saves nothing
    jest.advanceTimersByTime(15_000);
    await flushPromises();
    expect(save).toHaveBeenCalledTimes(1);
    sut.stop();
  });

  it('does not save empty or invalid answers', async () => {
    const { sut, save } = setup();
    sut.change('q1', '   ', true);
    sut.change('q2', '#', false);
    await sut.flush();
    expect(save).not.toHaveBeenCalled();
  });

  it('restores on load a draft that differs from the saved answer; drops an equal one', () => {
    const storage = memoryStorage();
    storage.setItem(draftKey('T1', 'q1'), JSON.stringify('draft'));
    storage.setItem(draftKey('T1', 'q2'), JSON.stringify('7'));
    const sut = new PracticeSaver({
      testId: 'T1',
      save: jest.fn(),
      storage,
      isOnline: () => true,
      onTestOver: jest.fn(),
    });
    sut.load(
      [
        { qid: 'q1', submittedAnswer: 'old', savedAt: null },
        { qid: 'q2', submittedAnswer: '7', savedAt: null },
      ],
      () => true,
    );
    expect(sut.getSnapshot().answers.q1).toMatchObject({ current: 'draft', status: 'kept' });
    expect(sut.getSnapshot().answers.q2).toMatchObject({ current: '7', status: 'saved' });
    expect(storage.getItem(draftKey('T1', 'q2'))).toBeNull();
  });

  it('offline: a failed save keeps the draft and saves when the online event fires', async () => {
    const save = jest
      .fn()
      .mockRejectedValueOnce(new ApiError(0, 'NETWORK_ERROR', 'Network error.'))
      .mockResolvedValue({ success: true, questionId: 'q1', savedAt: 'x', saved: true });
    const { sut, storage, events } = setup({ save });
    sut.start();
    sut.change('q1', '42', true);
    await sut.flush();
    expect(sut.getSnapshot()).toMatchObject({ offline: true });
    expect(sut.getSnapshot().answers.q1?.status).toBe('kept');
    expect(readDraft(storage, 'T1', 'q1')).toBe('42');
    events.dispatchEvent(new Event('online'));
    await flushPromises();
    expect(save).toHaveBeenCalledTimes(2);
    expect(sut.getSnapshot().answers.q1?.status).toBe('saved');
    expect(sut.getSnapshot().offline).toBe(false);
    expect(readDraft(storage, 'T1', 'q1')).toBeNull();
    sut.stop();
  });

  it('navigator.onLine false: no request, the answer is kept', async () => {
    const { sut, save, setOnline, storage } = setup({ online: false });
    sut.change('q1', '5', true);
    await sut.flush();
    expect(save).not.toHaveBeenCalled();
    expect(sut.getSnapshot().answers.q1?.status).toBe('kept');
    expect(readDraft(storage, 'T1', 'q1')).toBe('5');
    setOnline(true);
    await sut.flush();
    expect(save).toHaveBeenCalledWith('q1', '5');
  });

  it('a change while the save is in flight keeps the new draft and stays pending', async () => {
    let resolve!: (v: unknown) => void;
    const save = jest.fn(() => new Promise((r) => (resolve = r)));
    const { sut, storage } = setup({ save: save as unknown as jest.Mock });
    sut.change('q1', '1', true);
    const done = sut.flush();
    sut.change('q1', '15', true);
    resolve({ success: true, questionId: 'q1', savedAt: 'x', saved: true });
    await done;
    expect(sut.getSnapshot().answers.q1).toMatchObject({
      stored: '1',
      current: '15',
      status: 'pending',
    });
    expect(readDraft(storage, 'T1', 'q1')).toBe('15');
  });

  it('409 TIME_UP ends the test once; nothing more is saved', async () => {
    const save = jest.fn().mockRejectedValue(new ApiError(409, 'TIME_UP', 'Time is up.'));
    const { sut, onTestOver } = setup({ save });
    sut.change('q1', '1', true);
    sut.change('q2', '2', true);
    await sut.flush();
    expect(onTestOver).toHaveBeenCalledTimes(1);
    sut.change('q1', '3', true);
    await sut.flush();
    expect(save).toHaveBeenCalledTimes(2);
  });

  it('a refused save shows the server message', async () => {
    const save = jest
      .fn()
      .mockRejectedValue(
        new ApiError(400, 'VALIDATION_FAILED', 'Answer too long. Maximum 500 characters allowed.'),
      );
    const { sut } = setup({ save });
    sut.change('q1', '1', true);
    await sut.flush();
    expect(sut.getSnapshot().answers.q1).toMatchObject({
      status: 'error',
      message: 'Answer too long. Maximum 500 characters allowed.',
    });
  });
});

describe('answerProgress: answers kept on this device count as answered (issue 24 #7)', () => {
  const state = (over: Partial<AnswerState>): AnswerState => ({
    stored: null,
    current: '',
    valid: true,
    status: 'idle',
    savedAt: null,
    message: null,
    ...over,
  });

  it('saved on the server: saved; nothing: none', () => {
    expect(answerProgress(undefined)).toBe('none');
    expect(answerProgress(state({}))).toBe('none');
    expect(answerProgress(state({ stored: '7', current: '7', status: 'saved' }))).toBe('saved');
    expect(answerProgress(state({ stored: ['a'], current: ['a'], status: 'saved' }))).toBe('saved');
  });

  it('kept after a network failure, restored from the draft or being saved: pending', () => {
    expect(answerProgress(state({ current: '5', status: 'kept' }))).toBe('pending');
    expect(answerProgress(state({ current: ['a', 'b'], status: 'kept' }))).toBe('pending');
    expect(answerProgress(state({ current: '5', status: 'saving' }))).toBe('pending');
    expect(answerProgress(state({ stored: '4', current: '5', status: 'kept' }))).toBe('pending');
  });

  it('typed but not yet flushed, invalid, empty or refused: what the server holds', () => {
    expect(answerProgress(state({ current: '5', status: 'pending' }))).toBe('none');
    expect(answerProgress(state({ stored: '4', current: '5', status: 'pending' }))).toBe('saved');
    expect(answerProgress(state({ current: '<b>', valid: false, status: 'kept' }))).toBe('none');
    expect(answerProgress(state({ current: [], status: 'kept' }))).toBe('none');
    expect(answerProgress(state({ current: '5', status: 'error', message: 'no' }))).toBe('none');
  });

  it('offline: an answer counts from the moment the flush keeps it until it is saved', async () => {
    const { sut, setOnline, events } = setup({ online: false });
    sut.change('q1', '12', true);
    expect(answerProgress(sut.getSnapshot().answers.q1)).toBe('none');
    await sut.flush();
    expect(answerProgress(sut.getSnapshot().answers.q1)).toBe('pending');
    sut.start();
    setOnline(true);
    events.dispatchEvent(new Event('online'));
    await flushPromises();
    expect(answerProgress(sut.getSnapshot().answers.q1)).toBe('saved');
    sut.stop();
  });
});

describe('debounce (question switch, 300 ms)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('calls once, 300 ms after the last call, with the last arguments', () => {
    const fn = jest.fn();
    const d = debounce(fn, 300);
    d(1);
    jest.advanceTimersByTime(200);
    d(2);
    jest.advanceTimersByTime(299);
    expect(fn).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(fn).toHaveBeenCalledWith(2);
    d(3);
    d.cancel();
    jest.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
