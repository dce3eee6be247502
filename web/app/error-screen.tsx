import { Component, type ErrorInfo, type ReactNode, useEffect, useState } from 'react';
import { Button, secondaryButton } from '../components/button.tsx';
import { useT } from './i18n.tsx';
import { Alert } from '../components/alert.tsx';

function newErrorId(): string {
  const digits = Array.from(crypto.getRandomValues(new Uint8Array(8)), (byte) => (byte % 36).toString(36));
  return `ERR-${digits.join('').toUpperCase()}`;
}

function describe(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error) return { message: error.message, stack: error.stack };
  return { message: typeof error === 'string' ? error : JSON.stringify(error) };
}

/** The spec's error screen (public-site.md §2): an id, Try Again, Go Home and Report Error. */
export function ErrorScreen({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const t = useT();
  const [errorId] = useState(newErrorId);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);

  useEffect(() => {
    // There is no error-collection endpoint yet; the console keeps the id with the error.
    console.error(`[${errorId}]`, error);
  }, [errorId, error]);

  async function report() {
    const { message, stack } = describe(error);
    const text = [
      `Error ID: ${errorId}`,
      `Message: ${message}`,
      `Stack: ${stack ?? '(none)'}`,
      `URL: ${window.location.href}`,
      `Time: ${new Date().toISOString()}`,
      `User agent: ${navigator.userAgent}`,
    ].join('\n');
    try {
      await navigator.clipboard.writeText(text);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  }

  return (
    <main id="main-content" className="flex min-h-screen items-center justify-center bg-slate-50 px-4">
      <div className="w-full max-w-lg rounded-lg border border-slate-200 bg-white p-8 text-center shadow-sm">
        <h1 className="text-2xl font-bold text-slate-900">{t('error.title', 'Something went wrong')}</h1>
        <p className="mt-3 text-slate-700">
          {t(
            'error.text',
            "We're sorry, but something unexpected happened. The error has been logged and we'll look into it.",
          )}
        </p>
        <p className="mt-4 text-sm text-slate-700">
          {t('error.id', 'Error ID:')} <code className="font-mono font-semibold">{errorId}</code>
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Button onClick={onRetry ?? (() => window.location.reload())}>
            {t('error.retry', 'Try Again')}
          </Button>
          <Button className={secondaryButton} onClick={() => window.location.assign('/')}>
            {t('error.home', 'Go Home')}
          </Button>
          <Button className={secondaryButton} onClick={report}>
            {t('error.report', 'Report Error')}
          </Button>
        </div>
        {copied === 'yes' && (
          <p role="status" className="mt-4 rounded-md bg-green-50 p-3 text-sm text-green-800">
            {t('error.copied', 'Error report copied to clipboard. Please send this to support.')}
          </p>
        )}
        {copied === 'failed' && (
          <Alert tone="error" className="mt-4">
            {t('error.copy_failed', 'Could not copy the error report. Please send the error ID to support.')}
          </Alert>
        )}
      </div>
    </main>
  );
}

/** Around every route: an unexpected failure shows the error screen instead of a blank page. */
type BoundaryState = { failed: boolean; error: unknown };

export class AppErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { failed: false, error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { failed: true, error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    if (this.state.failed) {
      return (
        <ErrorScreen error={this.state.error} onRetry={() => this.setState({ failed: false, error: null })} />
      );
    }
    return this.props.children;
  }
}
