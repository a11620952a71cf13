/** Whether `value` is one of the strings of a closed list: the type guard behind each `is<Name>` of the domain. */
export function isOneOf<T extends string>(list: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (list as readonly string[]).includes(value);
}
