/** The list's filter options: brands (applications) and delivery methods. */
import type { OrderFilters } from '@mc/api';
import { DELIVERY_METHODS, DomainError } from '@mc/domain';
import type { RawQuery } from '../../../db/client.ts';

export async function getOrderFilters(query: RawQuery): Promise<OrderFilters> {
  const apps = await query<{ id: string; ref: string; name: string }>(
    'SELECT id, ref, name FROM applications ORDER BY name, ref',
  );
  return {
    items: [
      { name: 'application', options: apps.map((a) => ({ name: a.name, uuid: a.id, ref: a.ref })) },
      { name: 'delivery_methods', options: DELIVERY_METHODS.map((name) => ({ name })) },
    ],
  };
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `filter[application_ref]` values → brand refs. The filters response offers each brand as
 * `{name, uuid, ref}`, so a client may send either; a value that names no brand is a 400, never an
 * empty list that looks like "no orders".
 */
export async function resolveBrandRefs(query: RawQuery, values: readonly string[]): Promise<string[]> {
  const uuids = values.filter((v) => UUID_RE.test(v)).map((v) => v.toLowerCase());
  const rows = await query<{ id: string; ref: string }>(
    'SELECT id::text AS id, ref FROM applications WHERE ref = ANY($1::text[]) OR id = ANY($2::uuid[])',
    [values, uuids],
  );
  const refs = new Set<string>();
  const unknown: string[] = [];
  for (const v of values) {
    const hit = rows.find((r) => r.ref === v) ?? rows.find((r) => r.id === v.toLowerCase());
    if (hit) refs.add(hit.ref);
    else unknown.push(v);
  }
  if (unknown.length) {
    const message = `filter[application_ref] names no brand: ${unknown.join(', ')}`;
    throw new DomainError('VALIDATION', message, { errors: [{ path: 'filter[application_ref]', message }] });
  }
  return [...refs];
}
