// A launched server starts listening a moment after the process starts: poll
// getTarget every second for a few seconds, and prefill the URL field with
// the address it listens on — unless the user has typed their own URL. The
// polling goes on after the first address: a script may open a stub before
// its server, and with several addresses the user chooses (port-choice.ts).
import { useEffect, useRef, type Dispatch, type SetStateAction } from 'react';
import type { TargetInfo } from '../../../shared/api.ts';
import type { TargetState } from './target-state.ts';
import type { RendererClient } from '../client/types.ts';
import type { LoadFormState } from '../lib/forms.ts';
import { retargetUrl } from './retarget-url.ts';
import { demoLoadUrl } from './demo-url.ts';
import { withSeveralAddresses } from './port-choice.ts';

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
  const running = !!target && target.info.running;
  // Addresses earlier targets were suggested at: a URL still naming one of them follows the new target.
  const knownOrigins = useRef(new Set<string>());
  const suggest = (suggested: string, isDemo = target?.isDemo ?? false) => {
    const url = isDemo ? demoLoadUrl(suggested) : suggested;
    setLoadForm((f) => retargetUrl(f, knownOrigins.current, url));
    try {
      knownOrigins.current.add(new URL(url).origin);
    } catch { /* not a URL: nothing to remember */ }
  };

  // Several addresses (a stub beside the server): the user chooses under Load (port-choice.ts), Flambé fills in none.
  const suggestFrom = (urls: readonly string[], isDemo = target?.isDemo ?? false) => {
    if (urls.length === 1) suggest(urls[0], isDemo);
    else if (urls.length > 1) setLoadForm(withSeveralAddresses);
  };

  useEffect(() => {
    if (!targetId || !running) return;
    let polls = 0;
    let known = target?.info.suggestedUrls.join(' ') ?? '';
    let cancelled = false;
    const timer = setInterval(() => {
      if (++polls > MAX_POLLS) {
        clearInterval(timer);
        return;
      }
      client.api.getTarget({ targetId }).then(
        (info) => {
          if (cancelled || info.suggestedUrls.length === 0 || info.suggestedUrls.join(' ') === known) return;
          known = info.suggestedUrls.join(' ');
          setTarget((t) => (t && t.info.targetId === targetId ? { ...t, info: { ...info, running: t.info.running && info.running } } : t));
          suggestFrom(info.suggestedUrls);
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
    // `suggestFrom` only reads a ref and calls setLoadForm.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, targetId, running, setTarget, setLoadForm]);

  return {
    /** A target was just launched or attached. */
    onTargetReady(info: TargetInfo, isDemo: boolean) {
      suggestFrom(info.suggestedUrls, isDemo);
    },
  };
}
