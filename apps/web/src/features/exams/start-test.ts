import {
  type IncludeEntry,
  type Product,
  type TestMode,
  type TestSummary,
} from '@examprep/contracts/types';
import { ApiError, type ApiClient } from '../../shared/api/api-client';
import { testsApi } from './tests-api';
import { TESTS_MESSAGES as T } from './tests.messages';

/** The test include a start flow is about. */
export interface TestTarget {
  product: Pick<Product, 'id' | 'name' | 'type' | 'instructions'>;
  include: Pick<IncludeEntry, 'id' | 'name' | 'instructions' | 'mode'>;
}

/** Which step failed: each has its own sentence (learner spec §8 Tests). */
export type StartStep = 'lookup' | 'create' | 'continue' | 'deleteExisting' | 'startNew';

const FALLBACK: Record<StartStep, string> = {
  lookup: T.startFailed,
  create: T.createFailed,
  continue: T.continueFailed,
  deleteExisting: T.deleteExistingFailed,
  startNew: T.startNewFailed,
};

/**
 * The sentence for a failed step: 401 'Please log in to access tests.', 403 'You do not have
 * access to this product.', the server's 'Unsupported product configuration: …' on 400
 * UNSUPPORTED_PRODUCT, else the step's own sentence; something that is not an answer of the
 * server (a bug, a broken include) 'Something went wrong accessing the product. …'.
 */
export function startErrorMessage(step: StartStep, err: unknown): string {
  if (!(err instanceof ApiError)) return T.accessFailed;
  if (err.status === 401) return T.loginRequired;
  if (err.status === 403 || err.code === 'NO_PRODUCT_ACCESS') return T.noAccess;
  if (err.code === 'UNSUPPORTED_PRODUCT' && err.message) return err.message;
  return FALLBACK[step];
}

export class StartTestError extends Error {
  override readonly name = 'StartTestError';
  constructor(
    readonly step: StartStep,
    override readonly cause: unknown,
  ) {
    super(startErrorMessage(step, cause));
  }
}

async function step<R>(name: StartStep, run: () => Promise<R>): Promise<R> {
  try {
    return await run();
  } catch (err) {
    throw new StartTestError(name, err);
  }
}

function modeOf(target: TestTarget): TestMode {
  if (!target.include.mode) throw new StartTestError('lookup', new Error('include without mode'));
  return target.include.mode;
}

/** GET /api/tests/unfinished: the newest unfinished test of this product or include and mode. */
export function findUnfinished(api: ApiClient, target: TestTarget): Promise<TestSummary | null> {
  const mode = modeOf(target);
  return step('lookup', async () => {
    const answer = await testsApi.unfinished(api, {
      productId: target.product.id,
      includeId: target.include.id,
      mode,
    });
    return answer?.test ?? null;
  });
}

/** POST /api/create-test with the spec's payload; the test id. */
export function createTest(
  api: ApiClient,
  target: TestTarget,
  options: { timed?: boolean },
  stepName: StartStep = 'create',
): Promise<string> {
  const mode = modeOf(target);
  return step(stepName, async () => {
    const answer = await testsApi.create(api, {
      productType: target.product.type,
      productId: target.product.id,
      includeId: target.include.id,
      productName: target.product.name,
      instructions: target.include.instructions || target.product.instructions,
      mode,
      ...(mode === 'practice' && options.timed ? { timed: true } : {}),
    });
    if (!answer?.testId) throw new Error('no test id');
    return answer.testId;
  });
}

/** Continue Test: the unfinished test must still be there and open. */
export function continueTest(api: ApiClient, existing: TestSummary): Promise<string> {
  return step('continue', async () => {
    const test = await testsApi.get(api, existing.id);
    if (test.completed) throw new Error('already submitted');
    return test.id;
  });
}

/** Start New Test: deletes the unfinished test first (learner spec §4), then creates. */
export async function startNewTest(
  api: ApiClient,
  target: TestTarget,
  existing: TestSummary,
  options: { timed?: boolean },
): Promise<string> {
  await step('deleteExisting', () => testsApi.delete(api, existing.id));
  return createTest(api, target, options, 'startNew');
}
