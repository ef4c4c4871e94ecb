import type { ArgumentsHost } from '@nestjs/common';
import { ErrorCodes } from '@examprep/contracts';
import { firstValueFrom } from 'rxjs';
import { ServiceError } from './rpc-error';
import { AllRpcExceptionsFilter, isDependencyUnavailable } from './rpc-exceptions.filter';

/** An error shaped as the MongoDB driver's (the filter knows them by class name). */
function driverError(name: string, message: string, cause?: unknown) {
  const e = new Error(message, cause === undefined ? undefined : { cause });
  e.name = name;
  return e;
}

async function answer(exception: unknown) {
  const filter = new AllRpcExceptionsFilter();
  try {
    await firstValueFrom(filter.catch(exception, {} as ArgumentsHost));
  } catch (e) {
    return e;
  }
  throw new Error('the filter did not answer with an error');
}

describe('AllRpcExceptionsFilter', () => {
  it('passes known service errors through', async () => {
    await expect(answer(ServiceError.notFound('No such test.'))).resolves.toEqual({
      status: 404,
      code: ErrorCodes.NOT_FOUND,
      message: 'No such test.',
    });
  });

  it.each([
    'MongoNetworkError',
    'MongoNetworkTimeoutError',
    'MongoServerSelectionError',
    'MongoNotConnectedError',
    'MongoPoolClearedError',
    'MongoTopologyClosedError',
    'MongooseServerSelectionError',
  ])('answers 503 when the database cannot be reached (%s), never a 500', async (name) => {
    await expect(
      answer(driverError(name, 'connect ECONNREFUSED 127.0.0.1:27017')),
    ).resolves.toEqual({
      status: 503,
      code: ErrorCodes.SERVICE_UNAVAILABLE,
      message: 'The service is temporarily unavailable. Please try again.',
    });
  });

  it('finds the unreachable database in the cause chain', () => {
    const wrapped = new Error('save failed', {
      cause: driverError('MongoNetworkError', 'connection 6 to 127.0.0.1:27017 closed'),
    });
    expect(isDependencyUnavailable(wrapped)).toBe(true);
  });

  it.each(['EPIPE', 'ECONNRESET', 'ECONNREFUSED'])(
    'answers 503 for a connection lost under the driver, unwrapped (%s)',
    async (code) => {
      // what mongodb's Connection.writeCommand threw when FerretDB died under a write
      const lost = Object.assign(new Error('This socket has been ended by the other party'), {
        code,
      });
      await expect(answer(lost)).resolves.toMatchObject({
        status: 503,
        code: ErrorCodes.SERVICE_UNAVAILABLE,
      });
    },
  );

  it('answers anything else as a generic 500 without details', async () => {
    await expect(answer(new TypeError('x is undefined'))).resolves.toEqual({
      status: 500,
      code: ErrorCodes.INTERNAL,
      message: 'An unexpected error occurred.',
    });
    // a database that answers with an error of its own is not "unavailable"
    await expect(
      answer(driverError('MongoServerError', 'E11000 duplicate key error')),
    ).resolves.toMatchObject({ status: 500 });
    // a file that is not there is no lost connection
    await expect(
      answer(Object.assign(new Error('no such file'), { code: 'ENOENT' })),
    ).resolves.toMatchObject({ status: 500 });
  });
});
