import { Component, type ErrorInfo, type ReactNode } from 'react';
import { buttonClasses } from '../components/button.tsx';
import { NewVersionError } from '../lib/lazy-page.ts';

interface Props {
  children: ReactNode;
  /** When this value changes (e.g. the path), a shown error is cleared. */
  resetKey?: unknown;
  /** Full-screen for the whole app; inline inside a page frame. */
  variant?: 'screen' | 'inline';
}

interface State {
  error: Error | null;
  resetKey: unknown;
}

function isChunkError(error: Error): boolean {
  return (
    error instanceof NewVersionError ||
    /dynamically imported module|Importing a module script failed|error loading dynamically imported/i.test(
      error.message,
    )
  );
}

/** Catches a page that failed to load or render, and offers a way out instead of a blank screen. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey !== state.resetKey) return { error: null, resetKey: props.resetKey };
    return null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    if (!isChunkError(error)) console.error(error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    // A page whose code failed only because the server was away waits for it (lib/lazy-page.ts) and never gets here.
    const message =
      error instanceof NewVersionError
        ? 'A new version of Pawcare is available. Reload the page to continue.'
        : isChunkError(error)
          ? 'The code of this page could not be loaded. Reload the page to try again.'
          : 'Something went wrong while showing this page.';
    return (
      <div
        role="alert"
        className={`mx-auto flex max-w-xl flex-col items-center justify-center gap-6 px-4 text-center ${this.props.variant === 'screen' ? 'min-h-screen' : 'py-16'}`}
      >
        <h1 className="themed text-3xl font-bold">Sorry, this page could not be shown</h1>
        <p className="themed text-lg">{message}</p>
        <div className="flex gap-3">
          <button type="button" className={buttonClasses('primary')} onClick={() => window.location.reload()}>
            Reload
          </button>
          <a href="/" className={buttonClasses('secondary')}>
            Go to the home page
          </a>
        </div>
      </div>
    );
  }
}
