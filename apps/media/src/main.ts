import './tracing';
import 'reflect-metadata';
import { bootstrapService, loadConfigOrExit, mongoReadiness, runMain } from '@examprep/nest-kit';
import { AppModule } from './app.module';
import { MediaEnv } from './config/media.env';

runMain(async () => {
  const env = loadConfigOrExit(MediaEnv);
  await bootstrapService({
    name: 'media',
    module: AppModule.forRoot(env),
    natsUrl: env.NATS_URL,
    healthPort: env.HEALTH_PORT,
    readiness: mongoReadiness,
  });
});
