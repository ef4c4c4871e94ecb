import { Events, EventStreamOf, Streams } from './subjects';

describe('Streams (ADR 0033)', () => {
  it('keeps every fact in exactly one stream, the one EventStreamOf names', () => {
    for (const [fact, subject] of Object.entries(Events)) {
      const keeping = Object.entries(Streams)
        .filter(([, s]) => s.subjects.includes(subject))
        .map(([key]) => key);
      expect([fact, keeping]).toEqual([fact, [EventStreamOf[fact as keyof typeof Events]]]);
    }
    expect(Object.values(Streams).flatMap((s) => s.subjects).length).toBe(
      Object.keys(Events).length,
    );
  });

  it('keeps the name of the one stream there was (EVENTS) for the facts that must not be lost', () => {
    expect(Streams.events.name).toBe('EVENTS');
    expect(Streams.events.subjects).toEqual(
      expect.arrayContaining([Events.userDeleted, Events.userPurchasesChanged]),
    );
    expect(Streams.hints.name).toBe('EVENT_HINTS');
  });
});
