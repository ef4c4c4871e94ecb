import type { OpenAPIObject } from '@nestjs/swagger';
import { documentErrorResponses, documentSuccessBodies } from './openapi-responses';

const doc = (): OpenAPIObject => ({
  openapi: '3.0.0',
  info: { title: 't', version: '1' },
  paths: {
    '/api/products': { get: { responses: { '200': { description: 'ok' } } } },
    '/api/tests/{testId}': {
      get: {
        security: [{ bearer: [] }],
        responses: { '200': { description: 'ok' }, '401': { description: 'Signed out.' } },
      },
    },
  },
});

describe('documentErrorResponses', () => {
  it('gives every operation the common error answers with the ErrorBody schema', () => {
    const d = documentErrorResponses(doc());
    const ops = [d.paths['/api/products'].get!, d.paths['/api/tests/{testId}'].get!];
    for (const op of ops)
      for (const s of ['400', '413', '415', '429', '503'])
        expect(op.responses[s]).toMatchObject({
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
        });
    expect(d.components?.schemas?.ErrorBody).toMatchObject({
      required: ['error', 'code', 'message'],
    });
  });

  it('adds 401/403 only where a token is read and 404 where the path names an object', () => {
    const d = documentErrorResponses(doc());
    expect(Object.keys(d.paths['/api/products'].get!.responses).sort()).toEqual(
      ['200', '400', '413', '415', '429', '503'].sort(),
    );
    expect(Object.keys(d.paths['/api/tests/{testId}'].get!.responses)).toEqual(
      expect.arrayContaining(['401', '403', '404']),
    );
  });

  it('keeps what a controller documented and fills in only the missing body', () => {
    const d = documentErrorResponses(doc());
    expect(d.paths['/api/tests/{testId}'].get!.responses['401']).toMatchObject({
      description: 'Signed out.',
      content: { 'application/json': {} },
    });
    expect(d.paths['/api/products'].get!.responses['200']).toEqual({ description: 'ok' });
  });
});

describe('documentSuccessBodies', () => {
  const schema = { type: 'object', properties: { products: { type: 'array' } } };

  it('describes an undescribed success body with the generated schema', () => {
    const d = documentSuccessBodies(doc(), { 'GET /api/products': schema });
    expect(d.paths['/api/products'].get!.responses['200']).toEqual({
      description: 'ok',
      content: { 'application/json': { schema } },
    });
  });

  it('keeps a body a controller described and adds a 200 where no success was documented', () => {
    const d = doc();
    d.paths['/api/products'].get!.responses = {};
    d.paths['/api/tests/{testId}'].get!.responses['200'] = {
      description: 'ok',
      content: { 'text/plain': { schema: { type: 'string' } } },
    };
    documentSuccessBodies(d, { 'GET /api/products': schema, 'GET /api/tests/{testId}': schema });
    expect(d.paths['/api/products'].get!.responses['200']).toMatchObject({
      content: { 'application/json': { schema } },
    });
    expect(d.paths['/api/tests/{testId}'].get!.responses['200']).toMatchObject({
      content: { 'text/plain': {} },
    });
  });
});
