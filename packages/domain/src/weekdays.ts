/** The weekdays as the store's hours name them: Monday first, the order the hours are shown and saved in. */
export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** The same names Sunday first: `Date#getDay`'s order, and SQL's `extract(dow …)`. */
export const WEEKDAYS_SUNDAY_FIRST: readonly Weekday[] = [WEEKDAYS[6], ...WEEKDAYS.slice(0, 6)];

/** Monday to Friday. */
export const MONDAY_TO_FRIDAY: readonly Weekday[] = WEEKDAYS.slice(0, 5);
