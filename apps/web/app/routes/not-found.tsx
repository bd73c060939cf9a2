// Catch-all: any path without a screen answers HTTP 404 with the 404 page (rendered by the root ErrorBoundary).
import { notFound } from '../lib/route-errors.ts';

export function loader(): never {
  notFound();
}

export default function NotFound() {
  return null;
}
