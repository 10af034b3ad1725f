import { Component, type ErrorInfo, type ReactNode } from 'react';
import type { Strings } from '../../i18n/types.js';
import { MAIN_ID } from '../SkipLink/index.js';

interface Props {
  strings: Strings;
  children: ReactNode;
}

/**
 * Catches a crash of the page below the navbar: 'This page crashed.', the error message and a
 * 'Try again' button that renders the page anew. React offers error boundaries only as classes.
 */
export class ErrorBoundary extends Component<Props, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const { strings } = this.props;
    return (
      <main id={MAIN_ID} tabIndex={-1} className="main page-content error-page">
        <div className="page-content-inner" role="alert" lang={strings.lang}>
          <h1 className="page-title">{strings.errors.crashed}</h1>
          <p className="error-message">{error.message}</p>
          <button type="button" className="button button-primary" onClick={() => this.setState({ error: null })}>
            {strings.errors.tryAgain}
          </button>
        </div>
      </main>
    );
  }
}
