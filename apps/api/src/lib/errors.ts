// Errors a service or route throws; the central error handler turns them into the error envelope.
import type { ApiMessage } from '@shop/contracts';

export type FieldErrors = Record<string, string[]>;

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly options: {
      /** Machine-readable code, e.g. 'draw_closed', 'spend_limit'. Sent as messages[0].code. */
      code?: string;
      /** Field errors; the key 'this' holds errors about the whole request. */
      fieldErrors?: FieldErrors;
      messages?: ApiMessage[];
      headers?: Record<string, string>;
    } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
  get code(): string | undefined {
    return this.options.code;
  }
}

export const badRequest = (message = 'The request could not be understood.', code = 'bad_request') =>
  new AppError(400, message, { code });
export const unauthorized = (message = 'Authentication is required.', code = 'unauthorized') =>
  new AppError(401, message, { code });
export const forbidden = (message = 'You are not allowed to do this.', code = 'forbidden') =>
  new AppError(403, message, { code });
export const notFound = (message = 'Not found.', code = 'not_found') => new AppError(404, message, { code });
export const conflict = (message: string, code = 'conflict', fieldErrors?: FieldErrors) =>
  new AppError(409, message, { code, fieldErrors });
/** 422: validation or a business rule. */
export const unprocessable = (message: string, code = 'unprocessable', fieldErrors?: FieldErrors) =>
  new AppError(422, message, { code, fieldErrors });
export const serviceUnavailable = (message = 'The service is unavailable.', code = 'unavailable') =>
  new AppError(503, message, { code });
