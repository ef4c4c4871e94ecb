import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import {
  PRODUCT_CATEGORIES,
  PRODUCT_SECTIONS,
  PRODUCT_TYPES,
  type Product,
  type ProductCategory,
  type ProductIncludes,
  type ProductSection,
  type ProductType,
} from '@examprep/contracts';
import { Schema as MongooseSchema } from 'mongoose';

/**
 * products/{id}: the document id is the product id. Written only by tools/seed (the catalogue
 * is data, not code); the service reads it.
 */
@Schema({ collection: 'products', versionKey: false, timestamps: true })
export class ProductRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ required: true })
  docId!: string;

  @Prop({ required: true })
  name!: string;

  @Prop({ default: '' })
  description!: string;

  /** Whole US dollars; 0 means free. */
  @Prop({ required: true, min: 0 })
  price!: number;

  @Prop({ type: String, enum: PRODUCT_TYPES, required: true })
  type!: ProductType;

  @Prop({ type: String, enum: PRODUCT_SECTIONS, required: true })
  section!: ProductSection;

  @Prop({ type: String, enum: PRODUCT_CATEGORIES, required: true })
  category!: ProductCategory;

  @Prop({ type: MongooseSchema.Types.Mixed, required: true })
  available!: { online: boolean; download: boolean };

  @Prop({ default: '' })
  instructions!: string;

  @Prop({ type: MongooseSchema.Types.Mixed, required: true })
  includes!: ProductIncludes;

  @Prop({ default: 0 })
  order!: number;

  createdAt?: Date;
  updatedAt?: Date;
}

export const ProductSchema = SchemaFactory.createForClass(ProductRecord);

const list = <T>(v: T[] | undefined): T[] => (Array.isArray(v) ? [...v] : []);

/** Stored document -> API shape; mongoose documents never leave the service (STYLE.md §6). */
export function toProduct(doc: ProductRecord): Product {
  const inc: Partial<ProductIncludes> = doc.includes ?? {};
  return {
    id: doc._id,
    docId: doc.docId ?? doc._id,
    name: doc.name,
    description: doc.description ?? '',
    price: doc.price,
    type: doc.type,
    section: doc.section,
    category: doc.category,
    available: {
      online: doc.available?.online === true,
      download: doc.available?.download === true,
    },
    instructions: doc.instructions ?? '',
    includes: {
      name: list(inc.name),
      description: list(inc.description),
      id: list(inc.id),
      link: list(inc.link),
      linkText: list(inc.linkText),
      course: inc.course ?? '',
      instructions: list(inc.instructions),
      kind: list(inc.kind),
      mode: list(inc.mode),
      pool: list(inc.pool).map((p) =>
        p ? { course: p.course, questionCount: p.questionCount } : null,
      ),
    },
    order: doc.order ?? 0,
  };
}

/** Dashboard order: type, then section, then the product's order, then id. */
export function compareProducts(a: Product, b: Product): number {
  return (
    a.type.localeCompare(b.type) ||
    a.section.localeCompare(b.section) ||
    a.order - b.order ||
    a.id.localeCompare(b.id)
  );
}
