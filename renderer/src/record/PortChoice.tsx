// "Which server?": a script that listens on several ports (a stub beside the
// server) makes the user choose the one to load, each shown with what a GET /
// answered there (port-choice.ts; Flambé never guesses).
import type { Dispatch, SetStateAction } from 'react';
import type { AddressAnswer } from '../../../shared/api.ts';
import type { LoadFormState } from '../lib/forms.ts';
import { choosePort, portOf } from './port-choice.ts';

interface Props {
  /** The load form's id prefix (useId). */
  id: string;
  urls: string[];
  /** What a GET / answered on each address (null while asking). */
  answers: AddressAnswer[] | null;
  /** Set while the user must still choose: the question. */
  question: string | null;
  form: LoadFormState;
  setForm: Dispatch<SetStateAction<LoadFormState>>;
}

export function PortChoice({ id, urls, answers, question, form, setForm }: Props) {
  return (
    <div className={`port-choice${question ? ' asking' : ''}`} role="group" aria-labelledby={`${id}-ports`} data-testid="port-choice">
      <p id={`${id}-ports`} className="port-question">
        <strong>Which server?</strong> The script listens on {urls.length} ports. Choose the one to load{question ? '' : ' (chosen)'}:
      </p>
      {urls.map((u) => {
        const answer = answers?.find((a) => a.url === u)?.answer;
        const chosen = !form.urlFromSuggestion && form.url !== '' && sameOrigin(form.url, u);
        return (
          <button key={u} type="button" className="port-option" aria-pressed={chosen} data-testid={`port-${portOf(u)}`}
            onClick={() => setForm((f) => choosePort(f, u))}>
            <span className="port-number">Port {portOf(u)}</span>
            <code>{u}</code>
            <span className="port-answer">{answer ? `GET / answered ${answer}` : answers ? 'not asked' : 'asking what answers there…'}</span>
          </button>
        );
      })}
    </div>
  );
}

function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}
