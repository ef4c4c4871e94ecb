// The authorization matrix's decorator: it writes the row into the OpenAPI document as
// `x-authz` (every cell a list), a row that misses a caller, names another or a status outside
// the list does not compile, and every route of the gateway declares its row (the live document
// is checked again, with real calls, by test/authz-matrix.int-spec.ts).
import 'reflect-metadata';
import { Controller, Get, Module, Post } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { NatsRpcClient } from '@examprep/nest-kit';
import { startInProcessGateway, callerVerifier } from '../../test/support/in-process';
import {
  AUTHZ,
  AUTHZ_CALLERS,
  AUTHZ_EXTENSION,
  Authz,
  type AuthzRow,
  authzExtension,
} from './authz.decorator';

const LEARNER_ROW = {
  anonymous: 401,
  unverified: 403,
  learner: [201, 200],
  otherLearner: 404,
  admin: 200,
} as const satisfies AuthzRow;

@Controller('t')
class SampleController {
  @Get('a')
  @Authz(LEARNER_ROW)
  a() {
    return {};
  }

  @Post('b')
  @Authz(AUTHZ.adminOnly(400))
  b() {
    return {};
  }

  @Get('c')
  c() {
    return {};
  }
}

@Module({ controllers: [SampleController] })
class SampleModule {}

describe('@Authz', () => {
  it('writes the row into the operation as x-authz, each cell a sorted list', async () => {
    const app = await NestFactory.create<NestFastifyApplication>(
      SampleModule,
      new FastifyAdapter(),
      { logger: false },
    );
    try {
      const doc = SwaggerModule.createDocument(app, new DocumentBuilder().build()) as unknown as {
        paths: Record<string, Record<string, Record<string, unknown>>>;
      };
      expect(doc.paths['/t/a']?.get?.[AUTHZ_EXTENSION]).toEqual({
        anonymous: [401],
        unverified: [403],
        learner: [200, 201],
        otherLearner: [404],
        admin: [200],
        // left out of the row: an instructor there is someone else with another's ids
        instructor: [404],
      });
      expect(doc.paths['/t/b']?.post?.[AUTHZ_EXTENSION]).toEqual({
        anonymous: [401],
        unverified: [403],
        learner: [403],
        otherLearner: [403],
        admin: [400],
        instructor: [403],
      });
      expect(doc.paths['/t/c']?.get).not.toHaveProperty(AUTHZ_EXTENSION);
    } finally {
      await app.close();
    }
  });

  it('AUTHZ.everyone gives every caller the same cell', () => {
    expect(authzExtension(AUTHZ.everyone(200))).toEqual(
      Object.fromEntries(AUTHZ_CALLERS.map((c) => [c, [200]])),
    );
  });

  it('refuses invalid rows at compile time', () => {
    // @ts-expect-error a caller is missing
    const missing: AuthzRow = { anonymous: 401, unverified: 403, learner: 200, admin: 200 };
    const unknown: AuthzRow = {
      ...LEARNER_ROW,
      // @ts-expect-error no such caller
      guest: 401,
    };
    // @ts-expect-error 500 is never an expected answer
    const serverError: AuthzRow = { ...LEARNER_ROW, admin: 500 };
    // @ts-expect-error a status is a number, not a string
    const text: AuthzRow = { ...LEARNER_ROW, learner: '200' };
    // @ts-expect-error an empty set allows nothing
    const empty: AuthzRow = { ...LEARNER_ROW, learner: [] };
    expect([missing, unknown, serverError, text, empty]).toHaveLength(5);
  });
});

describe('the gateway', () => {
  jest.spyOn(NatsRpcClient.prototype, 'connect').mockResolvedValue(undefined);

  it('declares an x-authz row on every operation of its OpenAPI document', async () => {
    const { app, server } = await startInProcessGateway(callerVerifier({}));
    try {
      const doc = JSON.parse(
        (await server.inject({ method: 'GET', url: '/api/docs-json' })).body,
      ) as { paths: Record<string, Record<string, Record<string, unknown>>> };
      const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
        Object.entries(ops).map(([method, op]) => ({ route: `${method} ${path}`, op })),
      );
      expect(operations.length).toBeGreaterThan(60);
      expect(operations.filter(({ op }) => !op[AUTHZ_EXTENSION]).map((o) => o.route)).toEqual([]);
      for (const { op } of operations)
        expect(Object.keys(op[AUTHZ_EXTENSION] as object).sort()).toEqual(
          [...AUTHZ_CALLERS].sort(),
        );
    } finally {
      await app.close();
    }
  });
});
