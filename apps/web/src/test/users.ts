/** The signed-in person of the account and settings page tests: Olive, the owner of store tmk-1. */
export function testUser(overrides: Record<string, unknown> = {}) {
  return {
    id: 'user-1',
    email: 'owner@demo.test',
    first_name: 'Olive',
    last_name: 'Owner',
    phone_number: null,
    birthday: null,
    date_created: '2026-01-01T00:00:00Z',
    last_login: null,
    userRoles: ['merch.owner'],
    aux_data: { authorized_merchant: 'tmk-1' },
    ...overrides,
  };
}
