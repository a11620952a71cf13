/** Examples for /openapi.json of the API key endpoints (endpoint-examples.ts). */
import { AT, type EndpointExamples, user } from '../example-values.ts';
import type { apiKeyEndpoints } from './endpoints.ts';

const KEY_ID = '3d5e7f90-1a2b-4c3d-8e4f-5a6b7c8d9e0f';

export const apiKeyExamples: EndpointExamples<keyof typeof apiKeyEndpoints> = {
  listApiKeys: {
    response: {
      items: [
        {
          id: KEY_ID,
          name: 'POS',
          scopes: ['orders.read', 'documents.read'],
          prefix: 'mck_4fZk2Q',
          created_at: '2026-11-20T09:00:00.000Z',
          last_used_at: AT,
          created_by: { id: user.id, name: 'Olive Owner' },
        },
      ],
    },
  },
  createApiKey: {
    body: { name: 'POS', scopes: ['orders.read', 'documents.read'] },
    response: {
      id: KEY_ID,
      name: 'POS',
      scopes: ['orders.read', 'documents.read'],
      prefix: 'mck_4fZk2Q',
      key: 'mck_4fZk2Qx9LmN3pR7sT1vW5yB8cD0eF2gH4jK6nP8qSuV',
      created_at: '2026-11-20T09:00:00.000Z',
    },
  },
  revokeApiKey: { response: { success: true, message: 'API key revoked' } },
};
