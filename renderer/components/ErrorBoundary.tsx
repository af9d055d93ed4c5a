/**
 * A view that throws while rendering shows what broke, in place, instead of blanking the whole app: the error's
 * one line, "Try again" (re-render the view) and "Reload". `resetKey` clears the error when the view changes
 * (another case, another tab). React reports the error to the console as well.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** What the view is, for the message ("the checks dock"). */
  what: string;
  /** Changing it (another case, another tab) forgets the error and renders the view again. */
  resetKey?: string;
  children: ReactNode;
}

interface State {
  error: Error | null;
  key: string | undefined;
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`Recheck: ${this.props.what} failed to render`, error, info.componentStack);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (error === null) return this.props.children;
    const line = (error.message.split('\n')[0] ?? '').slice(0, 300);
    return (
      <div className="error-box view-error" role="alert" data-testid="view-error">
        <strong>{this.props.what} failed to show</strong>: {line || error.name}. Nothing was lost: your case, runs and decisions are stored
        by the core.
        <div className="view-error-actions">
          <button type="button" className="btn btn-small" onClick={() => this.setState({ error: null })}>
            Try again
          </button>
          <button type="button" className="btn btn-small" onClick={() => window.location.reload()}>
            Reload
          </button>
        </div>
      </div>
    );
  }
}
