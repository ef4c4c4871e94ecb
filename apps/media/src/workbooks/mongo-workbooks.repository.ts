import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import type { WorkbookManifest } from '@examprep/contracts';
import { WorkbookRecord } from '../records/media.schemas';
import { WorkbooksRepository } from './workbooks.repository';

/** A stored manifest as the contract's WorkbookManifest (productId falls back to _id). */
export function toManifest(doc: WorkbookRecord): WorkbookManifest {
  const updatedAt = doc.updatedAt instanceof Date ? doc.updatedAt.toISOString() : doc.updatedAt;
  return {
    productId: doc.productId ?? doc._id,
    title: doc.title ?? '',
    pdfPath: doc.pdfPath ?? '',
    pageCount: doc.pageCount ?? 0,
    questionCount: doc.questionCount ?? 0,
    chapters: Array.isArray(doc.chapters) ? doc.chapters : [],
    updatedAt: updatedAt ?? '',
  };
}

/** WorkbooksRepository on the `workbooks` collection (read only here). */
@Injectable()
export class MongoWorkbooksRepository extends WorkbooksRepository {
  constructor(@InjectModel(WorkbookRecord.name) private readonly model: Model<WorkbookRecord>) {
    super();
  }

  /** By `_id` (the `_id` index). */
  async byId(id: string): Promise<WorkbookManifest | null> {
    const doc = await this.model.findById(id).lean<WorkbookRecord>().exec();
    return doc ? toManifest(doc) : null;
  }

  /** By pdfPath (its `{pdfPath}` index). */
  async byPdfPath(pdfPath: string): Promise<WorkbookManifest | null> {
    const doc = await this.model.findOne({ pdfPath }).lean<WorkbookRecord>().exec();
    return doc ? toManifest(doc) : null;
  }
}
