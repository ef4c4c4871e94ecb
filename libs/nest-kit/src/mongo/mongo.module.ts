import { type DynamicModule, type INestMicroservice, Module } from '@nestjs/common';
import { MongooseModule, getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';

/**
 * The service's own database (DESIGN.md §1): one connection string variable per service,
 * never another service's database.
 */
@Module({})
export class MongoModule {
  static forRoot(uri: string): DynamicModule {
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
