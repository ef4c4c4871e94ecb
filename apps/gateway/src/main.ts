import 'reflect-metadata';
import { createLogger, exitGracefully, loadConfigOrExit, runMain } from '@examprep/nest-kit';
import { GatewayEnv } from './config/gateway.env';
import { createGatewayApp } from './create-app';

runMain(async () => {
  const env = loadConfigOrExit(GatewayEnv);
  const log = createLogger('gateway');
  const app = await createGatewayApp(env);
  await app.listen({ port: env.PORT, host: env.HOST });
  exitGracefully(() => app.close(), log);
  log.info(
    { port: env.PORT },
    `gateway listening on http://${env.HOST}:${env.PORT} (OpenAPI at /api/docs)`,
  );
});
