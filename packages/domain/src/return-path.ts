/**
 * Where the console lands after an OpenID sign-in that asked to come back somewhere (the profile page
 * re-authenticating an OpenID-only account): a path on this console's own origin, or nothing.
 * Anything that a browser could read as another origin is refused: `//host`, `/\host` (browsers treat
 * a backslash as a slash), a scheme, control characters or spaces. The caller then uses its default.
 */
export const RETURN_PATH_MAX_LENGTH = 200;

export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  if (value.length === 0 || value.length > RETURN_PATH_MAX_LENGTH) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused here
  if (/[\\\s\u0000-\u001f\u007f]/.test(value)) return null;
  let parsed: URL;
  try {
    parsed = new URL(value, 'http://console.invalid');
  } catch {
    return null;
  }
  if (parsed.origin !== 'http://console.invalid') return null;
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}
