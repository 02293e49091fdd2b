// What the two attach forms (by inspector address, by pid) share: one step at
// a time (finding or listing, then attaching), a refused step's sentence shown
// under the form, and Enter in the form meaning Attach.
import { useState, type ReactNode } from 'react';
import { errorMessage } from '../client/types.ts';

export interface AttachSteps<Step extends string> {
  busy: Step | null;
  setBusy(step: Step | null): void;
  error: string | null;
  setError(message: string | null): void;
  /** Runs `work` as `step`: the buttons wait while it runs; what it throws becomes the sentence shown. */
  run(step: Step, work: () => Promise<void>): Promise<void>;
}

export function useAttachSteps<Step extends string>(): AttachSteps<Step> {
  const [busy, setBusy] = useState<Step | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async (step: Step, work: () => Promise<void>) => {
    setBusy(step);
    setError(null);
    try {
      await work();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };
  return { busy, setBusy, error, setError, run };
}

/** The form around an attach step: submitting it (Enter, or the Attach button) runs `onAttach`. */
export function AttachFormShell({ onAttach, children }: { onAttach: () => Promise<void>; children: ReactNode }) {
  return (
    <form
      className="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void onAttach();
      }}
    >
      {children}
    </form>
  );
}
