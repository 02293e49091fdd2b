// A launched server starts listening a moment after the process starts: poll
// getTarget every second for a few seconds until it suggests a load URL, and
// prefill the URL field with the first suggestion — unless the user has
// typed their own URL.
import { useEffect, useRef, type Dispatch, type SetStateAction } from 'react';
import type { TargetInfo } from '../../../shared/api.ts';
import type { TargetState } from './target-state.ts';
import type { RendererClient } from '../client/types.ts';
import type { LoadFormState } from '../lib/forms.ts';
import { retargetUrl } from './retarget-url.ts';
import { demoLoadUrl } from './demo-url.ts';

const POLL_MS = 1000;
const MAX_POLLS = 10;

interface Options {
  client: RendererClient;
  target: TargetState | null;
  setTarget: Dispatch<SetStateAction<TargetState | null>>;
  setLoadForm: Dispatch<SetStateAction<LoadFormState>>;
}

export function useSuggestedUrls({ client, target, setTarget, setLoadForm }: Options) {
  const targetId = target?.info.targetId ?? null;
  const waiting = !!target && target.info.running && target.info.suggestedUrls.length === 0;
  // Addresses earlier targets were suggested at: a URL still naming one of them follows the new target.
  const knownOrigins = useRef(new Set<string>());
  const suggest = (suggested: string, isDemo = target?.isDemo ?? false) => {
    const url = isDemo ? demoLoadUrl(suggested) : suggested;
    setLoadForm((f) => retargetUrl(f, knownOrigins.current, url));
    try {
      knownOrigins.current.add(new URL(url).origin);
    } catch { /* not a URL: nothing to remember */ }
  };

  useEffect(() => {
    if (!targetId || !waiting) return;
    let polls = 0;
    let cancelled = false;
    const timer = setInterval(() => {
      if (++polls > MAX_POLLS) {
        clearInterval(timer);
        return;
      }
      client.api.getTarget({ targetId }).then(
        (info) => {
          if (cancelled || info.suggestedUrls.length === 0) return;
          clearInterval(timer);
          setTarget((t) => (t && t.info.targetId === targetId ? { ...t, info: { ...info, running: t.info.running && info.running } } : t));
          suggest(info.suggestedUrls[0]);
        },
        () => {
          // The target may have exited: its exit event tells the user.
        },
      );
    }, POLL_MS);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
    // `suggest` only reads a ref and calls setLoadForm.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, targetId, waiting, setTarget, setLoadForm]);

  return {
    /** A target was just launched or attached. */
    onTargetReady(info: TargetInfo, isDemo: boolean) {
      if (info.suggestedUrls.length > 0) suggest(info.suggestedUrls[0], isDemo);
    },
  };
}
