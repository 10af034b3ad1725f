import { useTheme } from '../../context.js';

/** What failed to load and a Retry button (SPEC 8, loader error). */
export function LoaderError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { strings } = useTheme();
  const message = error instanceof Error ? error.message : String(error);
  return (
    <div className="loader-error" role="alert" lang={strings.lang}>
      <p className="loader-error-message">{message}</p>
      <button type="button" className="button button-secondary loader-error-retry" onClick={onRetry}>
        {strings.errors.retry}
      </button>
    </div>
  );
}
