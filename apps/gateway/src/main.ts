import './tracing';
import 'reflect-metadata';
import { createLogger, exitGracefully, loadConfigOrExit, runMain } from '@examprep/nest-kit';
import { GatewayEnv } from './config/gateway.env';
import { createGatewayApp } from './create-app';
import { openApiEnabled, OPENAPI_PATH } from './http/openapi-document';

runMain(async () => {
  const env = loadConfigOrExit(GatewayEnv);
  const log = createLogger('gateway');
  const app = await createGatewayApp(env);
  await app.listen({ port: env.PORT, host: env.HOST });
  exitGracefully(() => app.close(), log);
  const docs = openApiEnabled(env) ? `OpenAPI at /${OPENAPI_PATH}` : 'no OpenAPI document';
  log.info({ port: env.PORT }, `gateway listening on http://${env.HOST}:${env.PORT} (${docs})`);
});
