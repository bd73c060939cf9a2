// The page's render-failure boundary (spec core §8): apart from the error pages' texts and views (error-pages.tsx),
// which the layout loads only when a page fails (ui/deferred-part.tsx), because it wraps every page.
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface BoundaryProps {
  /** The current location; a change resets the boundary (spec: "it resets when the location changes"). */
  locationKey: string;
  children: ReactNode;
  onError?: (error: unknown, info: ErrorInfo) => void;
  /** What shows instead of the page (the layout passes RenderFailureFallback). */
  fallback: ReactNode;
}

interface BoundaryState {
  error: unknown;
  failedAt: string | null;
}

/** Catches a render failure inside the page and shows the fallback until the visitor goes elsewhere. */
export class RenderErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, failedAt: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (state.error !== null && state.failedAt === null) return { failedAt: props.locationKey };
    if (state.error !== null && state.failedAt !== props.locationKey) return { error: null, failedAt: null };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    this.props.onError?.(error, info);
  }

  override render() {
    return this.state.error !== null ? this.props.fallback : this.props.children;
  }
}
