import './tracing';
import 'reflect-metadata';
import { bootstrapService, loadConfigOrExit, mongoReadiness, runMain } from '@examprep/nest-kit';
import { AppModule } from './app.module';
import { IdentityEnv } from './config/identity.env';

runMain(async () => {
  const env = loadConfigOrExit(IdentityEnv);
  await bootstrapService({
    name: 'identity',
    module: AppModule.forRoot(env),
    natsUrl: env.NATS_URL,
    healthPort: env.HEALTH_PORT,
    readiness: mongoReadiness,
  });
});
