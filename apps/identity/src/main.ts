import 'reflect-metadata';
import { getConnectionToken } from '@nestjs/mongoose';
import { bootstrapService, isMongoReady, loadConfigOrExit, runMain } from '@examprep/nest-kit';
import type { Connection } from 'mongoose';
import { AppModule } from './app.module';
import { IdentityEnv } from './config/identity.env';

runMain(async () => {
  const env = loadConfigOrExit(IdentityEnv);
  await bootstrapService({
    name: 'identity',
    module: AppModule.forRoot(env),
    natsUrl: env.NATS_URL,
    healthPort: env.HEALTH_PORT,
    readiness: (app) => {
      const connection = app.get<Connection>(getConnectionToken());
      return { mongo: () => isMongoReady(connection) };
    },
  });
});
