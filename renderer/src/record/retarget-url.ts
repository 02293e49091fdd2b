// When another target is chosen, the load URL must not keep naming the old
// one's port (the demo on :3000 stopped, a script on :4000 launched: Record
// would fail). A URL Flambé suggested, or one on the port of a target Flambé
// saw before, moves to the new target's address, route kept; a URL the user
// typed for some other server stays as it is.
import { withSuggestedUrl, type LoadFormState } from '../lib/forms.ts';

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** `knownOrigins`: the addresses earlier targets were suggested at ("http://127.0.0.1:3000"). */
export function retargetUrl(form: LoadFormState, knownOrigins: ReadonlySet<string>, suggested: string): LoadFormState {
  const filled = withSuggestedUrl(form, suggested);
  if (filled !== form) return filled;
  const from = originOf(form.url);
  const to = originOf(suggested);
  if (!from || !to || from === to || !knownOrigins.has(from)) return form;
  const moved = new URL(form.url);
  const target = new URL(suggested);
  moved.protocol = target.protocol;
  moved.host = target.host;
  return { ...form, url: moved.href };
}
