/**
 * GET /openapi.json, generated from the endpoint table (OpenAPI 3.1, JSON Schema 2020-12). Schemas with a
 * zod `meta({ id })` become `components.schemas` (their request form as `<id>Input` when it differs);
 * path, query and header schemas become one parameter per field (`filter[id]` is a query parameter of its
 * own); files, the event stream and redirects are documented with their content types.
 */
import { type Capability, PERMISSIONS, scopesFor } from '@mc/domain';
import type { z } from 'zod';
import { ENDPOINT_EXAMPLES } from './endpoint-examples.ts';
import type { Access, Endpoint, ResponseSpec } from './endpoint-types.ts';
import { isNonJsonResponse, successStatus } from './endpoint-types.ts';
import { type Endpoints, endpoints, type OperationId } from './endpoints.ts';
import { ErrorBodySchema } from './errors.ts';
import { components, type Json, refTo, tidyComponents, toJsonSchema } from './openapi-schemas.ts';
import { webhooksSection } from './webhooks/openapi-webhooks.ts';

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No content',
  302: 'Redirect',
  400: 'Bad input: `message` and the field messages in `errors`',
  401: 'No valid session or credential',
  403: 'The caller’s role does not allow this',
  404: 'Not found, or not this merchant’s',
  409: 'A change the order’s state refuses, or a conflict',
  422: 'Refused by the provider',
  429: 'Too many requests',
  502: 'A provider failed or did not answer',
  503: 'Temporarily unavailable',
};

const ERROR_EXAMPLES: Record<number, unknown> = {
  400: {
    message: 'Please enter a valid email',
    errors: [{ path: 'email', message: 'Please enter a valid email' }],
  },
  401: { message: 'Please sign in.' },
  403: { message: 'Your role does not allow this. Ask the store owner for access.' },
  404: { message: 'Merchant not found' },
  409: { message: 'Order cannot move from MERCHANT_SHIPPED to MERCHANT_ACCEPTED' },
  422: { message: 'The carrier refused the request' },
  429: { message: 'Too many requests' },
  502: { message: 'The provider did not answer. Please try again.' },
  503: { message: 'Something went wrong' },
};

export const TAG_DESCRIPTIONS: Record<string, string> = {
  Accounts: 'Sign-in, sign-up, profile, password reset, logout and OpenID Connect (/a/v2).',
  Team: 'The store’s users, invitations, roles and revoking access.',
  Alerts:
    'Alerts to staff by text and email: each person’s own settings and mobile number, and the store’s escalation of orders nobody answered.',
  Merchant: 'Store details, contacts, hours, the carrier account and the payment account status (/c/v2).',
  Billing: 'Billing details and payment onboarding (owner).',
  Inventory: 'The merchant’s offerings.',
  Orders: 'The orders list, live events, the order detail, status changes, labels, reports and SMS (/m/v2).',
  'Bulk tools': 'Bulk accept and bulk downloads as durable background batches.',
  Reports: 'Summaries of a period: counts, revenue (owners and managers), SLA and breakdowns.',
  Marketplace: 'The marketplace side: order intake and order events, with the server credential.',
  Integrations: 'Provider webhooks.',
  Events: 'The feed of what changed: order changes and finished batches, oldest first, kept 30 days.',
  Webhooks:
    'Endpoints that receive the events, signed as Standard Webhooks, retried for about a day, with a log of each attempt.',
  'API keys': 'Keys for integrations (owner): made with scopes, shown once, revoked at once.',
};

function accessText(access: Access): string {
  if (access === 'public') return 'No session needed.';
  if (access === 'signed') return 'A signed link or the provider’s shared secret; no session.';
  if (access === 'marketplace') return 'The marketplace’s server credential.';
  if (access === 'self') return 'Any signed-in user.';
  const roles = PERMISSIONS[access.capability as Capability].join(', ');
  const scopes = scopesFor(access.capability as Capability);
  const keys = scopes.length
    ? ` API keys with scope ${scopes.map((x) => `\`${x}\``).join(' or ')}.`
    : ' Not with an API key.';
  return `Capability \`${access.capability}\`: roles ${roles}.${keys}`;
}

function parameters(endpoint: Endpoint): Json[] {
  const out: Json[] = [];
  const from = (schema: z.ZodType | undefined, where: 'path' | 'query' | 'header') => {
    if (!schema) return;
    const json = toJsonSchema(schema, 'input');
    const required = new Set((json.required as string[] | undefined) ?? []);
    for (const [name, prop] of Object.entries((json.properties as Record<string, Json> | undefined) ?? {})) {
      if (where === 'header' && ['authorization', 'content-type', 'accept'].includes(name.toLowerCase()))
        continue;
      const { description, ...rest } = prop;
      out.push({
        name,
        in: where,
        required: where === 'path' || required.has(name),
        ...(typeof description === 'string' ? { description } : {}),
        schema: rest,
      });
    }
  };
  from(endpoint.params, 'path');
  from(endpoint.query, 'query');
  from(endpoint.headers, 'header');
  return out;
}

function response(status: number, spec: ResponseSpec, example: unknown): Json {
  const description = STATUS_TEXT[status] ?? String(status);
  if (isNonJsonResponse(spec)) {
    if (spec.kind === 'redirect')
      return {
        description: spec.description,
        headers: { Location: { description: 'Where the browser goes', schema: { type: 'string' } } },
      };
    if (spec.kind === 'event-stream')
      return {
        description: spec.description,
        content: {
          'text/event-stream': {
            schema: { type: 'string', description: 'event: <type>\\ndata: <JSON of the event>' },
            'x-event-data': toJsonSchema(spec.event, 'output'),
          },
        },
      };
    return {
      description: spec.description,
      content: Object.fromEntries(
        spec.contentTypes.map((ct) => [ct, { schema: { type: 'string', format: 'binary' } }]),
      ),
    };
  }
  const ex = example ?? (spec === ErrorBodySchema ? ERROR_EXAMPLES[status] : undefined);
  return {
    description,
    content: {
      'application/json': {
        schema: toJsonSchema(spec, 'output'),
        ...(ex !== undefined ? { example: ex } : {}),
      },
    },
  };
}

/** The examples of an endpoint: its own, else the shared ones (endpoint-examples.ts). */
function examplesOf(id: string, endpoint: Endpoint): { body?: unknown; responses: Record<number, unknown> } {
  const shared = ENDPOINT_EXAMPLES[id as OperationId] as { body?: unknown; response?: unknown } | undefined;
  return {
    body: endpoint.examples?.body ?? shared?.body,
    responses: {
      ...(shared?.response !== undefined ? { [successStatus(endpoint)]: shared.response } : {}),
      ...endpoint.examples?.responses,
    },
  };
}

function operation(id: string, endpoint: Endpoint): Json {
  const examples = examplesOf(id, endpoint);
  const security =
    endpoint.access === 'public' || endpoint.access === 'signed'
      ? []
      : endpoint.access === 'marketplace'
        ? [{ marketplaceKey: [] }]
        : typeof endpoint.access === 'object' && scopesFor(endpoint.access.capability).length
          ? [{ bearer: [] }, { apiKey: [] }]
          : undefined;
  const responses: Json = {};
  for (const [status, spec] of Object.entries(endpoint.responses))
    responses[status] = response(Number(status), spec, examples.responses[Number(status)]);
  responses.default = {
    description: 'An unexpected failure (500) or the database being unavailable (503)',
    content: { 'application/json': { schema: toJsonSchema(ErrorBodySchema, 'output') } },
  };
  const params = parameters(endpoint);
  return {
    operationId: id,
    tags: [...endpoint.tags],
    summary: endpoint.summary,
    description: [endpoint.description, `Access: ${accessText(endpoint.access)}`]
      .filter(Boolean)
      .join('\n\n'),
    ...(params.length ? { parameters: params } : {}),
    ...(endpoint.body
      ? {
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: toJsonSchema(endpoint.body, 'input'),
                ...(examples.body !== undefined ? { example: examples.body } : {}),
              },
            },
          },
        }
      : {}),
    responses,
    ...(security ? { security } : {}),
    'x-access': endpoint.access,
  };
}

export interface OpenApiInfo {
  title: string;
  version: string;
  description: string;
  contact?: { name?: string; url?: string; email?: string };
  license?: { name: string; identifier?: string; url?: string };
}

export interface OpenApiOptions {
  /** Where the API answers (`servers`); a relative `/` (this host) when not given. */
  servers?: { url: string; description?: string }[];
  table?: Endpoints;
}

/** The whole contract as an OpenAPI 3.1 document. */
export function buildOpenApiDocument(info: OpenApiInfo, options: OpenApiOptions = {}): Json {
  const { table = endpoints, servers = [{ url: '/', description: 'This server' }] } = options;
  const paths: Record<string, Json> = {};
  const tags = new Set<string>();
  for (const [id, endpoint] of Object.entries(table) as [string, Endpoint][]) {
    const item = paths[endpoint.path] ?? {};
    item[endpoint.method.toLowerCase()] = operation(id, endpoint);
    paths[endpoint.path] = item;
    for (const t of endpoint.tags) tags.add(t);
  }
  const tidy = tidyComponents(paths, components());
  return {
    openapi: '3.1.0',
    info,
    servers,
    tags: [...tags].map((name) => ({
      name,
      ...(TAG_DESCRIPTIONS[name] ? { description: TAG_DESCRIPTIONS[name] } : {}),
    })),
    paths: tidy.paths,
    // What a subscribed endpoint receives (docs/decisions/0139).
    webhooks: webhooksSection(refTo('Event', 'output')),
    components: {
      schemas: tidy.schemas,
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        marketplaceKey: {
          type: 'http',
          scheme: 'bearer',
          description: 'Server-to-server marketplace credential',
        },
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'mck_…',
          description:
            'A store’s API key (`mck_` + 43 base62 characters), made by its owner with scopes; accepted on ' +
            'the merchant operations its scopes allow, never on account operations (/a/v2).',
        },
      },
    },
    security: [{ bearer: [] }],
  };
}
