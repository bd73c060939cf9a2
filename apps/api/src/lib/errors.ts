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

/** A failed query as drizzle reports it: its message and fields carry the SQL text and every parameter. */
function isQueryError(err: object): err is Error & { query: unknown; params: unknown; cause?: unknown } {
  return 'query' in err && 'params' in err;
}

/** A PostgreSQL error (node-postgres DatabaseError): its message and detail can quote the values that failed. */
function isPostgresError(err: object): boolean {
  return typeof (err as { code?: unknown }).code === 'string' && 'severity' in err && 'routine' in err;
}

/** Stack frames only: the first line of a stack repeats the message. */
const framesOf = (stack: unknown) =>
  typeof stack === 'string'
    ? stack
        .split('\n')
        .filter((l) => /^\s+at /.test(l))
        .join('\n')
    : undefined;

/**
 * An error as it may be written to the log (the logger's `err` serializer). Database errors keep their SQLSTATE code,
 * routine, table, column and constraint, never the SQL text, its parameters or PostgreSQL's message and detail:
 * those quote whatever the client sent (ADR 025). Other errors keep type, message, code and stack; causes are followed.
 */
export function errorForLog(err: unknown, depth = 0): Record<string, unknown> | unknown {
  if (err === null || typeof err !== 'object' || depth > 5) return err;
  const e = err as Error & Record<string, unknown>;
  if (isQueryError(e as object)) {
    return {
      type: 'DatabaseQueryError',
      message: 'A database query failed (SQL text and parameters are not logged).',
      stack: framesOf(e.stack),
      cause: errorForLog(e.cause, depth + 1),
    };
  }
  if (isPostgresError(e)) {
    const { code, severity, routine, table, column, constraint, schema } = e as Record<string, unknown>;
    return { type: 'PostgresError', code, severity, routine, schema, table, column, constraint };
  }
  return {
    type: e.constructor?.name ?? 'Error',
    message: e.message,
    ...(e.code !== undefined ? { code: e.code } : {}),
    ...(e.statusCode !== undefined ? { statusCode: e.statusCode } : {}),
    stack: e.stack,
    ...(e.cause !== undefined ? { cause: errorForLog(e.cause, depth + 1) } : {}),
  };
}
