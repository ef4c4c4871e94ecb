import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { GatewayEnv } from '../config/gateway.env';
import { documentResponses } from './openapi-responses';

/** Swagger UI; the JSON (and YAML) beside it: `<path>-json`, `<path>-yaml`. */
export const OPENAPI_PATH = 'api/docs';
export const OPENAPI_JSON_PATH = `${OPENAPI_PATH}-json`;

/**
 * Whether the gateway serves its OpenAPI document: OPENAPI_ENABLED when set, else on unless
 * NODE_ENV is production. Off, the document is not even built (its routes answer 404).
 */
export function openApiEnabled(env: Pick<GatewayEnv, 'OPENAPI_ENABLED' | 'NODE_ENV'>): boolean {
  return env.OPENAPI_ENABLED ?? env.NODE_ENV !== 'production';
}

/**
 * Builds the document from the app's routes (after the global prefix is set) and serves it,
 * when enabled. Returns whether it did.
 */
export function serveOpenApi(app: NestFastifyApplication, env: GatewayEnv): boolean {
  if (!openApiEnabled(env)) return false;
  const document = documentResponses(
    SwaggerModule.createDocument(
      app,
      new DocumentBuilder()
        .setTitle(`${env.PRODUCT_NAME} API`)
        .setDescription(
          'The HTTP API of the exam-preparation platform. Bearer tokens come from the Keycloak realm.',
        )
        .setVersion('1')
        .addBearerAuth()
        .build(),
    ),
  );
  SwaggerModule.setup(OPENAPI_PATH, app, document, { jsonDocumentUrl: OPENAPI_JSON_PATH });
  return true;
}
