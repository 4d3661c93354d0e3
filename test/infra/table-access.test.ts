/**
 * The DynamoDB actions a function is granted come from the code it reaches (infra/table-access.ts),
 * proven on small fixture projects: a data module exporting four commands, and handlers that each
 * reach a different part of it.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeOperations, iamActions, idempotencyActions, tableActions } from '../../infra/table-access.ts';
import { PROJECT_ROOT } from '../../infra/route-function.ts';

const FIXTURES = join(import.meta.dirname, 'fixtures');
const ROOT = join(FIXTURES, 'table-access');

describe('DynamoDB access analysis', () => {
  it('counts only the commands a handler reaches, not everything its modules import', () => {
    const operations = analyzeOperations(ROOT);
    const of = (handler: string) => [...operations.get(handler)!].sort();
    expect(of('get')).toEqual(['Get']);
    expect(of('sweep')).toEqual(['BatchWrite', 'Scan']);
    expect(of('move')).toEqual(['Get', 'TransactWrite']);
    expect(of('static')).toEqual([]);
  });

  it('maps operations to IAM actions: a transaction needs every item action it may hold', () => {
    expect(tableActions(ROOT, 'get')).toEqual(['dynamodb:GetItem']);
    expect(tableActions(ROOT, 'move')).toEqual([
      'dynamodb:ConditionCheckItem',
      'dynamodb:DeleteItem',
      'dynamodb:GetItem',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
    ]);
    expect(tableActions(ROOT, 'static')).toEqual([]);
    expect(iamActions(['Query', 'BatchGet'])).toEqual(['dynamodb:BatchGetItem', 'dynamodb:Query']);
  });

  it('fails the synth for what it cannot map: an unknown operation, the aggregated client, a missing handler', () => {
    expect(() => iamActions(['ExecuteStatement'])).toThrow(/No IAM mapping for DynamoDB operation ExecuteStatement/);
    expect(() => analyzeOperations(join(FIXTURES, 'aggregated-client'))).toThrow(
      /DynamoDBDocument .*use the Command classes/,
    );
    expect(() => tableActions(ROOT, 'nowhere')).toThrow(/No handler module functions\/nowhere.ts/);
  });

  it("analyses the idempotency records apart: every handler's chain holds their middleware, yet a GET reaches no write", () => {
    expect(idempotencyActions(PROJECT_ROOT)).toEqual([
      'dynamodb:DeleteItem',
      'dynamodb:GetItem',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
    ]);
    expect(tableActions(PROJECT_ROOT, 'users/get')).toEqual(['dynamodb:BatchGetItem', 'dynamodb:GetItem']);
  });
});
