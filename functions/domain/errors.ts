/** Errors the domain raises; the HTTP adapter maps each to its status. */
export class DomainError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 422 | 429 | 501 | 503,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const invalid = (message: string, fields?: Record<string, string>) => new DomainError(400, message, fields);
export const unauthorized = (message = 'Sign in required') => new DomainError(401, message);
export const forbidden = (message = 'You do not have access to this') => new DomainError(403, message);
export const notFound = (message: string) => new DomainError(404, message);
export const conflict = (message: string) => new DomainError(409, message);
export const tooManyRequests = (message: string) => new DomainError(429, message);
export const unavailable = (message: string) => new DomainError(503, message);
