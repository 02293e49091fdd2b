// Every screen has an address (lib/route.ts): reload, back/forward, a pasted
// link and an edit of the '#' come back to it. This hook ties the App's
// screens (use-app-screens.ts) to useScreenAddress.ts, and keeps the sentence
// for an address that names nothing (shown in a toast).
import { useState } from 'react';
import { followAddress, screenRoute } from './screens.ts';
import type { AppScreens } from './use-app-screens.ts';
import { useScreenAddress } from './useScreenAddress.ts';

export function useAppAddress(screens: AppScreens) {
  const [addressProblem, setAddressProblem] = useState<string | null>(null);
  const { screen, shown, compareIds, experimentId, sweepId } = screens;
  const shownId = shown && !shown.saveProblem && !shown.importing ? shown.result.id : null;

  useScreenAddress({
    current: screenRoute(screen, { recordingId: shownId, compareIds, experimentId, sweepId }),
    follow: (route, hash) => {
      screens.clearNotice();
      followAddress(route, hash, {
        setScreen: screens.setScreen, setProblem: setAddressProblem, shownId: shown?.result.id ?? null, openRecording: screens.openRecording,
        setCompareIds: screens.setCompareIds, setExperimentId: screens.setExperimentId, setSweepId: screens.setSweepId,
      });
    },
  });

  return { addressProblem, clearAddressProblem: () => setAddressProblem(null) };
}
