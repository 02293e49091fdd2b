// The verdict's culprit on a worker thread: the profile opens on that thread,
// once by itself (the user's later choice stands), and again on asking (the
// page then scrolls to the profile's heading).
import { useCallback, useRef, useState } from 'react';

export function useVerdictThread(threadNames: readonly string[], setThread: (index: number) => void) {
  const profileHeading = useRef<HTMLHeadingElement>(null);
  // The thread the profile opened on by itself, for the verdict's first finding.
  const [openedFor, setOpenedFor] = useState<string | null>(null);
  const onShowThread = useCallback((name: string, why: 'first-finding' | 'asked') => {
    const i = threadNames.indexOf(name);
    if (i < 0) return;
    if (why === 'first-finding') {
      if (openedFor !== null) return;
      setOpenedFor(name);
    } else {
      profileHeading.current?.scrollIntoView({ block: 'start' });
    }
    setThread(i);
  }, [threadNames, openedFor, setThread]);
  return { profileHeading, openedFor, onShowThread };
}
