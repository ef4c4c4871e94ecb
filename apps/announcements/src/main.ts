import './tracing';
import 'reflect-metadata';
import { bootstrapService, loadConfigOrExit, mongoReadiness, runMain } from '@examprep/nest-kit';
import { AppModule } from './app.module';
import { AnnouncementsEnv } from './config/announcements.env';

runMain(async () => {
  const env = loadConfigOrExit(AnnouncementsEnv);
  await bootstrapService({
    name: 'announcements',
    module: AppModule.forRoot(env),
    natsUrl: env.NATS_URL,
    healthPort: env.HEALTH_PORT,
    readiness: mongoReadiness,
  });
});
