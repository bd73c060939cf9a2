// Turning api client failures into route errors with the right HTTP status (spec core §8): loaders throw these and
// the root ErrorBoundary renders the page for the status.
import { data, isRouteErrorResponse } from 'react-router';
import { errorPageStatus, isAbortedError, isApiError } from './api-errors.ts';

/** What a thrown route error carries to the ErrorBoundary (never internals). */
export interface RouteErrorData {
  message?: string;
}

export function toRouteError(error: unknown): unknown {
  if (error instanceof Response || isRouteErrorResponse(error) || isAbortedError(error)) return error;
  if (isDataWithResponseInit(error)) return error;
  if (isApiError(error)) {
    // The message stays in the server log: internal addresses never reach the page.
    return data<RouteErrorData>({}, { status: errorPageStatus(error.status, error.code) });
  }
  return error;
}

function isDataWithResponseInit(error: unknown): boolean {
  return !!error && typeof error === 'object' && (error as { type?: string }).type === 'DataWithResponseInit';
}

/** No product is on sale (features §2 Error pages: 418 no-draws). */
export function noProducts(): never {
  throw data<RouteErrorData>({}, { status: 418 });
}

export function notFound(): never {
  throw data<RouteErrorData>({}, { status: 404 });
}
