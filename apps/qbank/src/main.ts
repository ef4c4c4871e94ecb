import './tracing';
import 'reflect-metadata';
import { bootstrapService, loadConfigOrExit, mongoReadiness, runMain } from '@examprep/nest-kit';
import { AppModule } from './app.module';
import { QbankEnv } from './config/qbank.env';

runMain(async () => {
  const env = loadConfigOrExit(QbankEnv);
  await bootstrapService({
    name: 'qbank',
    module: AppModule.forRoot(env),
    natsUrl: env.NATS_URL,
    healthPort: env.HEALTH_PORT,
    readiness: mongoReadiness,
  });
});
