import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  type Announcement,
  type CreateAnnouncementMessage,
  type DeleteAnnouncementMessage,
  type ListAnnouncementsMessage,
  type Page,
  Subjects,
  type UpdateAnnouncementMessage,
} from '@examprep/contracts';
import { RpcPattern } from '@examprep/nest-kit';
import { AnnouncementsService } from './announcements.service';

/** NATS handlers: unwrap the envelope, let the service decide. */
@Controller()
export class AnnouncementsController {
  constructor(private readonly announcements: AnnouncementsService) {}

  @RpcPattern(Subjects.announcements.list)
  list(@Payload() { actor, page, view }: ListAnnouncementsMessage): Promise<Page<Announcement>> {
    return this.announcements.list(actor, page, view);
  }

  @RpcPattern(Subjects.announcements.create)
  create(@Payload() { actor, input }: CreateAnnouncementMessage): Promise<Announcement> {
    return this.announcements.create(actor, input);
  }

  @RpcPattern(Subjects.announcements.update)
  update(@Payload() { actor, id, input }: UpdateAnnouncementMessage): Promise<Announcement> {
    return this.announcements.update(actor, id, input);
  }

  @RpcPattern(Subjects.announcements.delete)
  async delete(@Payload() { actor, id }: DeleteAnnouncementMessage): Promise<{ deleted: true }> {
    await this.announcements.delete(actor, id);
    return { deleted: true };
  }
}
