/**
 * The validation memo (decisions 0111, 0123): for the request parts an endpoint declares, a query string
 * that validated is parsed once and its value handed out as a fresh copy; refusals, nested values and
 * other parts go through zod every time, with the same errors as fastify-type-provider-zod's own compiler.
 */
import { endpoints, OrdersListQuerySchema, TmkParamsSchema } from '@mc/api';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cachingValidatorCompiler, VALIDATION_MEMO_MAX, validatorCompiler } from './request-validation.ts';

const route = (schema: z.ZodType, httpPart = 'querystring') =>
  ({ schema, method: 'GET', url: '/x', httpPart }) as Parameters<FastifySchemaCompiler<z.ZodType>>[0];
const query = (o: Record<string, string>) => Object.assign(Object.create(null), o) as Record<string, string>;

describe('validation memo', () => {
  it('parses a query string once and hands out copies nobody else can change', () => {
    let parses = 0;
    const schema = z.object({
      limit: z.string().transform((v) => {
        parses++;
        return Number(v);
      }),
      tab: z.string().optional(),
    });
    const validate = cachingValidatorCompiler(['query'])(route(schema));
    const a = validate(query({ limit: '30', tab: 'active' })) as { value: Record<string, unknown> };
    const b = validate(query({ limit: '30', tab: 'active' })) as { value: Record<string, unknown> };
    expect(parses).toBe(1);
    expect(b.value).toEqual({ limit: 30, tab: 'active' });
    expect(b.value).not.toBe(a.value);
    b.value.limit = 99;
    expect((validate(query({ limit: '30', tab: 'active' })) as { value: unknown }).value).toEqual({
      limit: 30,
      tab: 'active',
    });
    // Another query string, or the same values under other names, is another entry.
    validate(query({ limit: '31', tab: 'active' }));
    validate(query({ limit: '30', tab: 'activ', x: 'e' }));
    expect(parses).toBe(3);
    for (let i = 0; i < VALIDATION_MEMO_MAX + 5; i++) validate(query({ limit: String(i) }));
    expect(parses).toBe(3 + VALIDATION_MEMO_MAX + 5);
  });

  it('does not memoise other parts, refusals or nested values', () => {
    let parses = 0;
    const schema = z.object({
      refs: z.string().transform((v) => {
        parses++;
        return v.split(',');
      }),
    });
    const other = z.object({
      n: z.string().transform((v) => {
        parses++;
        return v;
      }),
    });
    const memoised = cachingValidatorCompiler(['query']);
    const nested = memoised(route(schema));
    const a = nested(query({ refs: 'a,b' })) as { value: { refs: string[] } };
    const b = nested(query({ refs: 'a,b' })) as { value: { refs: string[] } };
    expect(b.value.refs).not.toBe(a.value.refs);
    const plain = memoised(route(other, 'params'));
    plain(query({ n: '1' }));
    plain(query({ n: '1' }));
    const body = memoised(route(other, 'body'));
    body(query({ n: '1' }));
    body(query({ n: '1' }));
    const server = validatorCompiler(route(other));
    server(query({ n: '1' }));
    server(query({ n: '1' }));
    expect(parses).toBe(8);
  });

  it('is declared by the orders list (and its search alias) only, on its params and query', () => {
    const declared = Object.entries(endpoints).flatMap(([id, e]) =>
      'validation' in e ? [[id, e.params, e.query, e.validation.cache]] : [],
    );
    expect(declared).toEqual([
      ['listOrders', TmkParamsSchema, OrdersListQuerySchema, ['params', 'query']],
      ['searchOrders', TmkParamsSchema, OrdersListQuerySchema, ['params', 'query']],
    ]);
  });

  it('answers the orders list query as zod does, refusals included', () => {
    const compile = cachingValidatorCompiler(endpoints.listOrders.validation.cache);
    const ours = compile(route(OrdersListQuerySchema));
    const theirs = zodValidatorCompiler(route(OrdersListQuerySchema));
    const cases: Record<string, string>[] = [
      { limit: '30', offset: '0', 'filter[tab]': 'active' },
      { limit: '30', offset: '0', 'filter[tab]': 'active' },
      { limit: '0' },
      { limit: 'abc' },
      { limit: 'abc' },
      { 'filter[tab]': 'nope' },
      { 'filter[nope]': 'x' },
      { 'filter[search]': '  2ABNPFR  ', 'sort[date]': 'asc' },
      { 'filter[search]': '  2ABNPFR  ', 'sort[date]': 'asc' },
      { 'filter[application_ref]': 'a,b', 'filter[delivery_method]': 'shipping' },
      { 'filter[application_ref]': 'a,b', 'filter[delivery_method]': 'shipping' },
    ];
    for (const c of cases) expect(ours(query(c))).toEqual(theirs(query(c)));
    const params = compile(route(TmkParamsSchema, 'params'));
    expect(params(query({ tmk: 'bench-m0000' }))).toEqual({ value: { tmk: 'bench-m0000' } });
    expect(params(query({ tmk: 'bench-m0000' }))).toEqual({ value: { tmk: 'bench-m0000' } });
    expect(params(query({ tmk: '' }))).toEqual(
      zodValidatorCompiler(route(TmkParamsSchema, 'params'))(query({ tmk: '' })),
    );
  });
});
