import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportError } from '../app/errorReporting';
import { ErrorScreen } from './ErrorScreen';

type ErrorBoundaryProps = {
  children: ReactNode;
  fallback?: ReactNode | ((error: unknown) => ReactNode);
};

type ErrorBoundaryState = { hasError: boolean; error: unknown };

// Stays in the error state until the page reloads, as the spec describes.
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { hasError: false, error: null };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { hasError: true, error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Uncaught error in the UI', error, info.componentStack);
    reportError(error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.hasError) return this.props.children;
    const { fallback } = this.props;
    if (typeof fallback === 'function') return fallback(this.state.error);
    if (fallback !== undefined) return fallback;
    return <ErrorScreen error={this.state.error} />;
  }
}
