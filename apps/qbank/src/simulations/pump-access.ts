import { Inject, Injectable } from '@nestjs/common';
import { type Actor, passesVerification } from '@examprep/contracts';
import { isPreviewRef, type PumpRef } from '@examprep/pump';
import { SIMULATION_CALLS, type SimulationCalls } from './simulations-peers';

/**
 * The one entitlement rule of pump problems (issue 24), wherever they are served or checked:
 * the pump simulator and the Infinite QBank's pump topics alike. A caller with simulation access
 * (the catalog decides: the Med Dosage QBank; admins) gets every problem; anyone else, signed
 * in or not, the preview: single pump, given duration, PUMP_PREVIEW's fixed problems.
 */
@Injectable()
export class PumpAccess {
  constructor(@Inject(SIMULATION_CALLS) private readonly peers: SimulationCalls) {}

  /**
   * Whether the caller has simulation access. Anonymous and unverified callers have not (no
   * catalog call: it would refuse them); a catalog that cannot answer is a 503 naming the pump.
   */
  async full(actor: Actor | null): Promise<boolean> {
    if (!actor || !passesVerification(actor)) return false;
    return this.peers.simulationsAccess(actor);
  }

  /** Whether the caller may have (see, check) this problem: a preview one asks nobody. */
  async mayHave(actor: Actor | null, ref: PumpRef): Promise<boolean> {
    return isPreviewRef(ref) || this.full(actor);
  }
}
