import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import {
  HoldingsRecord,
  HoldingsSchema,
  LedgerEntryDocRecord,
  LedgerEntryDocSchema,
  LedgerSnapshotRecord,
  LedgerSnapshotSchema,
  LicenceSeatsRecord,
  LicenceSeatsSchema,
  PendingChangeRecord,
  PendingChangeSchema,
} from './entitlement.schema';
import { EntitlementsRelay } from './entitlements.relay';
import { EntitlementsRepository } from './entitlements.repository';
import { EntitlementsService } from './entitlements.service';
import { LicenceSeatReleasedConsumer, LicenceSeatTakenConsumer } from './licence-seats.consumers';
import { LicenceSeatsService } from './licence-seats.service';
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
      { name: LicenceSeatsRecord.name, schema: LicenceSeatsSchema },
    ]),
  ],
  providers: [
    { provide: EntitlementsRepository, useClass: MongoEntitlementsRepository },
    EntitlementsService,
    EntitlementsRelay,
    LicenceSeatsService,
    LicenceSeatTakenConsumer,
    LicenceSeatReleasedConsumer,
  ],
  exports: [EntitlementsService],
})
export class EntitlementsModule {}
