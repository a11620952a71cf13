/** Valid request bodies for the settings routes (tests). */
export const storeDetailsBody = () => ({
  name: 'Corner Cellar',
  address: {
    street_1: '12 Main St',
    street_2: 'Suite 4',
    street_3: '',
    city: 'New York',
    state: 'ny',
    zipcode: '10001',
  },
  primary_phone: '212-736-5000',
  email: 'store@corner.test',
  timezone: 'America/Chicago',
});

export const auxDataBody = () => ({
  primary_contact_name: 'Pat Primary',
  secondary_contact_name: 'Sam Second',
  secondary_email: 'sam@corner.test',
  secondary_phone_number: '2127365001',
});

export const hoursBody = () => ({
  regular_hours: [
    { weekday: 'Monday', time_open: '09:00', time_close: '21:00' },
    { weekday: 'tuesday', time_open: '00:00', time_close: '23:59' },
    { weekday: 'saturday', time_open: '11:30', time_close: '18:45' },
  ],
});

export const carrierBody = () => ({
  carrier: 'FedEx',
  account_number: 'FX-998877',
  label_size: '4x6',
  label_format: 'PDF',
});

export const billingBody = (overrides: Record<string, unknown> = {}) => ({
  is_business: true,
  individual: {
    first_name: 'Olive',
    last_name: 'Owner',
    email: 'olive@corner.test',
    phone: '(212) 736-5000',
    date_of_birth: '1980-04-12',
    address: { street_address: '1 Home Rd', locality: 'Brooklyn', region: 'NY', postal_code: '11201' },
  },
  funding: { routing_number: '110-000-000', account_number: '000123456789', descriptor: 'CORNER CELLAR' },
  business: {
    legal_name: 'Corner Cellar LLC',
    dba_name: 'Corner Cellar',
    tax_id: '12-3456789',
    address: { street_address: '12 Main St', locality: 'New York', region: 'NY', postal_code: '10001' },
  },
  tos_accepted: true,
  ...overrides,
});
