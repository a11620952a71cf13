/** The one error type for expected failures (docs/conventions.md, "Errors"). The server maps codes to statuses. */
export const DOMAIN_ERROR_STATUS = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  ILLEGAL_TRANSITION: 409,
  CONFLICT: 409,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
} as const;
export type DomainErrorCode = keyof typeof DOMAIN_ERROR_STATUS;

export interface FieldError {
  path: string;
  message: string;
}

export class DomainError extends Error {
  readonly code: DomainErrorCode;
  readonly errors?: FieldError[];
  readonly headers?: Record<string, string>;
  constructor(
    code: DomainErrorCode,
    message: string,
    opts: { errors?: FieldError[]; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
    this.errors = opts.errors;
    this.headers = opts.headers;
  }
  get status(): number {
    return DOMAIN_ERROR_STATUS[this.code];
  }
}

export const notFound = (what = 'Not found') => new DomainError('NOT_FOUND', what);
export const forbidden = (message = 'You do not have permission to do this') =>
  new DomainError('FORBIDDEN', message);
export const invalid = (path: string, message: string) =>
  new DomainError('VALIDATION', message, { errors: [{ path, message }] });
