// One-sentence messages next to the thing they are about.
import { NO_TOKEN } from '../client/http-call.ts';
import type { ConnectionStatus } from '../client/types.ts';

export function ErrorNote({ message, testId }: { message: string | null | undefined; testId?: string }) {
  if (!message) return null;
  return (
    <p className="note note-error" role="alert" data-testid={testId}>
      {message}
    </p>
  );
}

export function ConnectionBanner({ status }: { status: ConnectionStatus }) {
  if (status === 'no-token') {
    return (
      <div className="banner" role="alert" data-testid="no-token">
        {NO_TOKEN}
      </div>
    );
  }
  if (status !== 'reconnecting') return null;
  return (
    <div className="banner" role="status">
      Lost the connection to Flambé’s server — reconnecting…{' '}
      <span className="muted">If you restarted it, open the new address it printed.</span>
    </div>
  );
}
