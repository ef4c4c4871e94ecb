import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  type CommitQuestionMediaMessage,
  type CommitQuestionMediaReply,
  type CreateUploadMessage,
  type DeleteObjectsMessage,
  type DeleteObjectsReply,
  type DownloadMessage,
  type PdfMessage,
  type QuestionMediaIndexMessage,
  type QuestionMediaIndexReply,
  type SignedMediaAnswer,
  type SignMessage,
  type StampMessage,
  type StreamableObject,
  Subjects,
  type UploadTicket,
  type WorkbookManifest,
  type WorkbookMessage,
  type WorkbookVideoMessage,
} from '@examprep/contracts';
import { RpcPattern } from '@examprep/nest-kit';
import { DeliveryService } from './delivery/delivery.service';
import { UploadsService } from './uploads/uploads.service';

const tierOf = (t: unknown): 'free' | 'paid' => (t === 'free' ? 'free' : 'paid');

/** NATS handlers of the media.* subjects (one line each; the rules live in the services). */
@Controller()
export class MediaController {
  constructor(
    private readonly delivery: DeliveryService,
    private readonly uploads: UploadsService,
  ) {}

  @RpcPattern(Subjects.media.sign)
  sign(@Payload() { actor, path }: SignMessage): Promise<SignedMediaAnswer> {
    return this.delivery.sign(actor, path);
  }

  @RpcPattern(Subjects.media.workbookVideo)
  workbookVideo(@Payload() { actor, videoPath }: WorkbookVideoMessage): Promise<SignedMediaAnswer> {
    return this.delivery.workbookVideo(actor, videoPath);
  }

  @RpcPattern(Subjects.media.download)
  download(@Payload() { actor, filePath, tier }: DownloadMessage): Promise<SignedMediaAnswer> {
    return this.delivery.download(actor, filePath, tierOf(tier));
  }

  @RpcPattern(Subjects.media.pdf)
  pdf(@Payload() { actor, file, tier }: PdfMessage): Promise<StreamableObject> {
    return this.delivery.pdf(actor, file, tierOf(tier));
  }

  @RpcPattern(Subjects.media.stamp)
  stamp(@Payload() { actor, workbookPath }: StampMessage): Promise<StreamableObject> {
    return this.delivery.stamp(actor, workbookPath);
  }

  @RpcPattern(Subjects.media.workbook)
  workbook(@Payload() { actor, productId }: WorkbookMessage): Promise<WorkbookManifest> {
    return this.delivery.workbook(actor, productId);
  }

  @RpcPattern(Subjects.media.createUpload)
  createUpload(@Payload() { actor, input }: CreateUploadMessage): Promise<UploadTicket> {
    return this.uploads.createUpload(actor, input);
  }

  @RpcPattern(Subjects.media.commitQuestionMedia)
  commit(
    @Payload() { actor, qid, changes }: CommitQuestionMediaMessage,
  ): Promise<CommitQuestionMediaReply> {
    return this.uploads.commit(actor, qid, changes);
  }

  @RpcPattern(Subjects.media.deleteObjects)
  deleteObjects(@Payload() { actor, paths }: DeleteObjectsMessage): Promise<DeleteObjectsReply> {
    return this.uploads.deleteObjects(actor, paths);
  }

  @RpcPattern(Subjects.media.questionMediaIndex)
  index(@Payload() { actor }: QuestionMediaIndexMessage): Promise<QuestionMediaIndexReply> {
    return this.uploads.questionMediaIndex(actor);
  }
}
