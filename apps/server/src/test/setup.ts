/**
 * Runs before every server test file (vitest `setupFiles`). The server projects share modules between the
 * files of a worker (`isolate: false`, docs/decisions/0129-server-tests-share-their-modules.md), so hooks
 * that must run for each file live here rather than at a shared module's top level, which runs once per
 * worker.
 */
import { afterAll, afterEach, beforeAll } from 'vitest';
import { assertResponsesMatchContract, responseContract } from './response-contract.ts';

// Every test that uses an app from createTestApp has its answers checked against the endpoint table.
afterEach(() => assertResponsesMatchContract());

beforeAll(() => {
  responseContract.checked = 0;
  responseContract.byOperation.clear();
  responseContract.mismatches.length = 0;
});

afterAll(() => {
  if (responseContract.checked)
    console.log(
      `response contract: ${responseContract.checked} responses of ${responseContract.byOperation.size} operations checked against the endpoint table`,
    );
});
