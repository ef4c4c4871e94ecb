import './tracing';
import 'reflect-metadata';
import { bootstrapService, loadConfigOrExit, mongoReadiness, runMain } from '@examprep/nest-kit';
import { AppModule } from './app.module';
import { SchoolsEnv } from './config/schools.env';

runMain(async () => {
  const env = loadConfigOrExit(SchoolsEnv);
  await bootstrapService({
    name: 'schools',
    module: AppModule.forRoot(env),
    natsUrl: env.NATS_URL,
    healthPort: env.HEALTH_PORT,
    readiness: mongoReadiness,
  });
});
