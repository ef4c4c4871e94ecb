import './tracing';
import 'reflect-metadata';
import { bootstrapService, loadConfigOrExit, mongoReadiness, runMain } from '@examprep/nest-kit';
import { AppModule } from './app.module';
import { CatalogEnv } from './config/catalog.env';

runMain(async () => {
  const env = loadConfigOrExit(CatalogEnv);
  await bootstrapService({
    name: 'catalog',
    module: AppModule.forRoot(env),
    natsUrl: env.NATS_URL,
    healthPort: env.HEALTH_PORT,
    readiness: mongoReadiness,
  });
});
