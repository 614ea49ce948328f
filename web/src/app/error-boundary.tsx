import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorPage } from '../pages/error/index.tsx';

interface ErrorBoundaryProps {
  children: ReactNode;
  /** Changing it (the address) clears the error, so the menu still works after a failed screen. */
  resetKey?: string;
}

interface ErrorBoundaryState {
  hasError: boolean;
}

/** React offers error boundaries only as class components. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { hasError: false };

  static getDerivedStateFromError(): ErrorBoundaryState {
    return { hasError: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('A screen failed to render', error, info.componentStack);
  }

  override componentDidUpdate(previous: ErrorBoundaryProps): void {
    if (this.state.hasError && previous.resetKey !== this.props.resetKey) this.setState({ hasError: false });
  }

  override render(): ReactNode {
    return this.state.hasError ? <ErrorPage /> : this.props.children;
  }
}
