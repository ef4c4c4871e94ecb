import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AnnouncementRecord, AnnouncementSchema } from './announcement.schema';
import { AnnouncementsController } from './announcements.controller';
import { AnnouncementsRepository } from './announcements.repository';
import { AnnouncementsService } from './announcements.service';
import { MongoAnnouncementsRepository } from './mongo-announcements.repository';

@Module({
  imports: [
    MongooseModule.forFeature([{ name: AnnouncementRecord.name, schema: AnnouncementSchema }]),
  ],
  controllers: [AnnouncementsController],
  providers: [
    AnnouncementsService,
    { provide: AnnouncementsRepository, useClass: MongoAnnouncementsRepository },
  ],
})
export class AnnouncementsModule {}
