import { type DynamicModule, type INestMicroservice, Module } from '@nestjs/common';
import { MongooseModule, getConnectionToken } from '@nestjs/mongoose';
import mongoose, { type Connection } from 'mongoose';

/**
 * Mongoose keeps `new Error().stack` of every query it runs, only to name where a query was
 * run twice ("Query was already executed", a programming error). Our services run with
 * --enable-source-maps, where each stack is mapped frame by frame: 3-7 % of the testing and
 * identity services' CPU under the learner journey (issue 26, a V8 profile at 14 journeys/s).
 */
export function skipQueryStacks(): void {
  mongoose.set('skipOriginalStackTraces', true);
}

/**
 * The service's own database (DESIGN.md §1): one connection string variable per service,
 * never another service's database.
 */
@Module({})
export class MongoModule {
  static forRoot(uri: string): DynamicModule {
    skipQueryStacks();
    return {
      module: MongoModule,
      imports: [
        MongooseModule.forRoot(uri, {
          serverSelectionTimeoutMS: 5_000,
          maxPoolSize: 20,
          autoIndex: true,
        }),
      ],
      exports: [MongooseModule],
    };
  }
}

export function isMongoReady(connection: Connection): boolean {
  return connection.readyState === 1;
}

/** The readiness check of a service that uses MongoModule (for bootstrapService). */
export function mongoReadiness(app: INestMicroservice): { mongo: () => boolean } {
  const connection = app.get<Connection>(getConnectionToken());
  return { mongo: () => isMongoReady(connection) };
}
