import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AccessService } from './access/access.service';
import { DeliveryService } from './delivery/delivery.service';
import { DownloadsRepository } from './delivery/downloads.repository';
import { MongoDownloadsRepository } from './delivery/mongo-downloads.repository';
import { PDF_STAMPER } from './delivery/stamper';
import { pdfStamper } from './delivery/stamper.provider';
import { MediaEventsConsumer } from './events/media-events.consumer';
import { MediaController } from './media.controller';
import { Peers } from './peers/peers';
import {
  DownloadRecord,
  DownloadSchema,
  UploadRecord,
  UploadSchema,
  WorkbookRecord,
  WorkbookSchema,
} from './records/media.schemas';
import { S3Service } from './storage/s3.service';
import { MongoUploadsRepository } from './uploads/mongo-uploads.repository';
import { UploadsRepository } from './uploads/uploads.repository';
import { UploadsService } from './uploads/uploads.service';
import { MongoWorkbooksRepository } from './workbooks/mongo-workbooks.repository';
import { WorkbooksRepository } from './workbooks/workbooks.repository';

/** Signing, downloads, stamped PDFs, uploads and question media (ADR 0020). */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: UploadRecord.name, schema: UploadSchema },
      { name: DownloadRecord.name, schema: DownloadSchema },
      { name: WorkbookRecord.name, schema: WorkbookSchema },
    ]),
  ],
  controllers: [MediaController],
  providers: [
    S3Service,
    Peers,
    { provide: WorkbooksRepository, useClass: MongoWorkbooksRepository },
    { provide: DownloadsRepository, useClass: MongoDownloadsRepository },
    { provide: UploadsRepository, useClass: MongoUploadsRepository },
    AccessService,
    DeliveryService,
    UploadsService,
    MediaEventsConsumer,
    { provide: PDF_STAMPER, useFactory: pdfStamper },
  ],
})
export class MediaModule {}
