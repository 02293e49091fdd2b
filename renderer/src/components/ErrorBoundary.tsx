// One view that cannot draw what it was given (a recording damaged or made by
// a tool that left out a field) must not blank the whole window: every screen
// and every view of a recording sits in one of these. The view is replaced by
// one sentence; the rest of Flambé goes on working. It tries again when what
// it shows changes (`resetKey`), or when asked to.
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** What the user would call this part: "The flamegraph", "The Library screen". */
  what: string;
  /** When this changes (another recording, another screen), the view gets another go. */
  resetKey?: unknown;
  children: ReactNode;
}

interface State {
  error: Error | null;
  key: unknown;
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, key: undefined };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey !== state.key) return { key: props.resetKey, error: null };
    return null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    // Kept for whoever debugs it; the user gets the sentence below.
    console.error(`${this.props.what} failed:`, error, info.componentStack);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div className="view-error" role="alert" data-testid="view-error">
        <p>
          <strong>{this.props.what} cannot be shown</strong>: the recording’s stored data is not what Flambé expects
          ({error.message.slice(0, 200)}). Everything else keeps working — open another screen or recording, or export this one as a
          bundle to look at it.
        </p>
        <button type="button" className="button small" onClick={() => this.setState({ error: null })}>
          Try again
        </button>
      </div>
    );
  }
}
