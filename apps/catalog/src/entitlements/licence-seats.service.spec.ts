import fc from 'fast-check';
import type { LicenceSeatEvent } from '@examprep/contracts';
import type { JetStreamBus } from '@examprep/nest-kit';
import { FakeEntitlementsRepository } from '../../test/support/fake-entitlements.repository';
import { EntitlementsService } from './entitlements.service';
import { LicenceSeatsService } from './licence-seats.service';

const UID = 'u1';
const bus = { publish: async () => ({ seq: 1, duplicate: false }) } as unknown as JetStreamBus;

/** Replicas of the catalog service (own memory, own per-process lock) over one store. */
function replicas(n = 1) {
  const repo = new FakeEntitlementsRepository();
  const services = Array.from({ length: n }, () => {
    const entitlements = new EntitlementsService(repo, bus);
    return { entitlements, seats: new LicenceSeatsService(repo, entitlements) };
  });
  return { repo, services, held: () => services[0]!.entitlements.purchasesOf(UID) };
}

const fact = (licenceId: string, seat: number, productIds: string[]): LicenceSeatEvent => ({
  licenceId,
  uid: UID,
  seat,
  productIds,
  at: '2026-11-28T08:00:00.000Z',
});

describe('LicenceSeatsService', () => {
  it('a seat taken grants its products; released, takes them back', async () => {
    const { services, held } = replicas();
    const { seats } = services[0]!;
    await seats.taken(fact('lic_a', 1, ['teas_math_qbank']));
    await expect(held()).resolves.toEqual({ teas_math_qbank: true });
    await seats.released(fact('lic_a', 1, ['teas_math_qbank']));
    await expect(held()).resolves.toEqual({});
  });

  it('a release seen before its take: the seat is never granted (the take comes late)', async () => {
    const { services, held, repo } = replicas();
    const { seats } = services[0]!;
    await seats.released(fact('lic_a', 1, ['teas_math_qbank']));
    await seats.taken(fact('lic_a', 1, ['teas_math_qbank']));
    await expect(held()).resolves.toEqual({});
    expect(repo.entriesOf(UID)).toEqual([]);
  });

  it('two licences with the same product: freeing the older seat hands the product to the newer one, freeing that one takes it back', async () => {
    const { services, held, services: [{ entitlements }] = [] } = replicas();
    const { seats } = services[0]!;
    await seats.taken(fact('lic_a', 1, ['teas_math_qbank', 'med_dosage_qbank']));
    await seats.taken(fact('lic_b', 1, ['teas_math_qbank']));
    await seats.released(fact('lic_a', 1, []));
    await expect(held()).resolves.toEqual({ teas_math_qbank: true });
    const history = (await entitlements!.history(UID, undefined, 50)).items.map((e) => [
      e.productId,
      e.action,
      e.by,
    ]);
    expect(history).toEqual([
      // the hand-over is the newer licence's grant, and the rest of the older one's revoked
      ['med_dosage_qbank', 'revoke', 'licence:lic_a'],
      ['teas_math_qbank', 'grant', 'licence:lic_b'],
      ['med_dosage_qbank', 'grant', 'licence:lic_a'],
      ['teas_math_qbank', 'grant', 'licence:lic_a'],
    ]);
    await seats.released(fact('lic_b', 1, []));
    await expect(held()).resolves.toEqual({});
  });

  it('a paid product stays when the licence that also had it ends', async () => {
    const { services, held } = replicas();
    const { seats, entitlements } = services[0]!;
    await entitlements.applyPayment(UID, 'ord_1', ['teas_math_qbank'], 'stripe');
    await seats.taken(fact('lic_a', 1, ['teas_math_qbank', 'med_dosage_qbank']));
    await seats.released(fact('lic_a', 1, []));
    await expect(held()).resolves.toEqual({ teas_math_qbank: true });
  });

  it('a later seat of the same licence seen before the earlier one is freed keeps the products', async () => {
    const { services, held } = replicas();
    const { seats } = services[0]!;
    await seats.taken(fact('lic_a', 1, ['teas_math_qbank']));
    await seats.taken(fact('lic_a', 2, ['teas_math_qbank']));
    await seats.released(fact('lic_a', 1, []));
    await expect(held()).resolves.toEqual({ teas_math_qbank: true });
    await seats.released(fact('lic_a', 2, []));
    await expect(held()).resolves.toEqual({});
  });

  /**
   * Any order of the facts, each delivered once or twice, spread over two replicas running at
   * once: the learner ends holding exactly the products of the seats still held (plus what
   * they paid for).
   */
  it('property: whatever the order, the redeliveries and the replicas, holdings are the held seats’ products', async () => {
    const PRODUCTS = ['teas_math_qbank', 'med_dosage_qbank', 'android_ui_kit'];
    const licence = fc.record({
      productIds: fc.subarray(PRODUCTS, { minLength: 1 }),
      seats: fc.integer({ min: 1, max: 3 }),
      endsHeld: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(licence, { minLength: 1, maxLength: 3 }),
        fc.boolean(),
        fc.infiniteStream(fc.nat()),
        async (licences, paid, noise) => {
          const facts: { kind: 'taken' | 'released'; event: LicenceSeatEvent }[] = [];
          licences.forEach((l, i) => {
            for (let n = 1; n <= l.seats; n++) {
              const event = fact(`lic_${i}`, n, l.productIds);
              facts.push({ kind: 'taken', event });
              if (n < l.seats || !l.endsHeld) facts.push({ kind: 'released', event });
            }
          });
          const it = noise[Symbol.iterator]();
          const rand = () => it.next().value as number;
          const delivered = facts.flatMap((f) => (rand() % 4 === 0 ? [f, f] : [f]));
          for (let i = delivered.length - 1; i > 0; i--) {
            const j = rand() % (i + 1);
            [delivered[i], delivered[j]] = [delivered[j]!, delivered[i]!];
          }
          const { services, held } = replicas(2);
          if (paid)
            await services[0]!.entitlements.applyPayment(UID, 'ord', ['android_ui_kit'], 'x');
          const lanes: (typeof delivered)[] = [[], []];
          for (const f of delivered) lanes[rand() % 2]!.push(f);
          await Promise.all(
            lanes.map(async (lane, r) => {
              for (const f of lane) await services[r]!.seats[f.kind](f.event);
            }),
          );
          const wanted = new Set(paid ? ['android_ui_kit'] : []);
          for (const l of licences) if (l.endsHeld) for (const p of l.productIds) wanted.add(p);
          expect(Object.keys(await held()).sort()).toEqual([...wanted].sort());
        },
      ),
      { numRuns: 1000 },
    );
  });
});
