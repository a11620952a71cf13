/**
 * The types of a handler of the endpoint table (packages/api endpoints.ts). Each module exports its handlers
 * keyed by operationId (`EndpointHandlers<'getOrder' | 'updateOrder'>`); routes/register-endpoints.ts walks the
 * table and registers them. Types only: modules import this file, the registrar imports the modules.
 */
import type { Endpoints, OperationId, ResponseSpec } from '@mc/api';
import type { FastifyReply, FastifyRequest, onRequestHookHandler, preValidationHookHandler } from 'fastify';
import type { z } from 'zod';
import type { Caller, Principal } from './principal.ts';

type Ep<K extends OperationId> = Endpoints[K];
type Parsed<E, F extends string> = E extends { [P in F]: infer S extends z.ZodType }
  ? z.output<S>
  : undefined;

type JsonBody<S> = [S] extends [z.ZodType] ? z.input<S> : never;
/** What a handler may return: the JSON of one of its documented statuses (checked by the serializer). */
export type HandlerResult<K extends OperationId> =
  | { [S in keyof Ep<K>['responses']]: JsonBody<Ep<K>['responses'][S]> }[keyof Ep<K>['responses']]
  | FastifyReply;

export interface HandlerInput<K extends OperationId> {
  req: FastifyRequest;
  reply: FastifyReply;
  params: Parsed<Ep<K>, 'params'>;
  query: Parsed<Ep<K>, 'query'>;
  body: Parsed<Ep<K>, 'body'>;
  headers: Parsed<Ep<K>, 'headers'>;
  /** The caller of a merchant endpoint (`access: {capability}`), authorised by the registrar from the table. */
  readonly caller: Caller;
  /** The signed-in caller of a `self` endpoint. */
  readonly principal: Principal;
  /** For handlers that authorise themselves (`authorize: 'handler'`): the table's check, run now. */
  authorize(): Promise<Caller>;
}

export type Handler<K extends OperationId> = (input: HandlerInput<K>) => Promise<HandlerResult<K>>;

export interface HandlerSpec<K extends OperationId> {
  handle: Handler<K>;
  /**
   * `table` (default): the registrar authorises from the table's access before the handler runs;
   * `handler`: the handler calls `authorize()` itself (a ticket or a signed link may stand in for a session).
   */
  authorize?: 'table' | 'handler';
  rateLimit?: { max: number; timeWindow: string };
  /** Runs before the body is parsed (a server credential: a forged request learns nothing of the schema). */
  onRequest?: onRequestHookHandler;
  preValidation?: preValidationHookHandler;
}

export type EndpointHandlers<K extends OperationId> = { [P in K]: Handler<P> | HandlerSpec<P> };

export type { ResponseSpec };
