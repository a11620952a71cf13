import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportError } from '../../lib/error-reporting.ts';
import { ErrorScreen } from './error-page.tsx';

interface State {
  hasError: boolean;
}

/** Last-resort boundary around the whole app (crashes outside the router's own boundary). */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { hasError: false };

  static getDerivedStateFromError(): State {
    return { hasError: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    reportError(error, { source: 'app-error-boundary', componentStack: info.componentStack });
  }

  override render() {
    return this.state.hasError ? <ErrorScreen /> : this.props.children;
  }
}
