import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import {
  HoldingsRecord,
  HoldingsSchema,
  LedgerEntryDocRecord,
  LedgerEntryDocSchema,
  LedgerSnapshotRecord,
  LedgerSnapshotSchema,
  PendingChangeRecord,
  PendingChangeSchema,
} from './entitlement.schema';
import { EntitlementsRelay } from './entitlements.relay';
import { EntitlementsRepository } from './entitlements.repository';
import { EntitlementsService } from './entitlements.service';
import { LicenceSeatReleasedConsumer, LicenceSeatTakenConsumer } from './licence-seats.consumers';
import { MongoEntitlementsRepository } from './mongo-entitlements.repository';

/**
 * The entitlement ledger (ADR 0018). Exports EntitlementsService (apply, applyPayment,
 * revokeOrder, purchasesOf, holds, history, erase) for access, admin and checkout; consumes the
 * schools service's seat facts into licence grants and revocations (ADR 0040).
 */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: LedgerSnapshotRecord.name, schema: LedgerSnapshotSchema },
      { name: HoldingsRecord.name, schema: HoldingsSchema },
      { name: PendingChangeRecord.name, schema: PendingChangeSchema },
      { name: LedgerEntryDocRecord.name, schema: LedgerEntryDocSchema },
    ]),
  ],
  providers: [
    { provide: EntitlementsRepository, useClass: MongoEntitlementsRepository },
    EntitlementsService,
    EntitlementsRelay,
    LicenceSeatTakenConsumer,
    LicenceSeatReleasedConsumer,
  ],
  exports: [EntitlementsService],
})
export class EntitlementsModule {}
