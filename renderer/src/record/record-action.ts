// What the Record button starts, from the load form and the target (pure,
// tested): a concurrency sweep, each route in its own burst, or one
// recording — or the one sentence saying why it cannot start; and the
// button's words for it.
import type { RecordRequestResolved, SweepRequestResolved } from '../../../shared/api.ts';
import type { WorkKind } from '../../../shared/work/running-work.ts';
import { buildRecordRequest, buildSweepRequest, type LoadFormState } from '../lib/forms.ts';

export type RecordAction =
  | { kind: 'sweep'; request: SweepRequestResolved }
  | { kind: 'routes'; request: RecordRequestResolved }
  | { kind: 'recording'; request: RecordRequestResolved }
  | { kind: 'refused'; message: string };

/** `target`: the chosen target, if any; `portQuestion`: the question a script on several ports asks (port-choice.ts). */
export function recordAction(form: LoadFormState, target: { targetId: string; running: boolean } | null, portQuestion: string | null): RecordAction {
  if (portQuestion) return { kind: 'refused', message: portQuestion };
  const profiled = target !== null && !form.loadOnly;
  if (profiled && !target.running) return { kind: 'refused', message: 'The target is not running any more: launch it again, or tick “Load only”.' };
  const targetId = profiled ? target.targetId : null;
  if (form.sweep) {
    const req = buildSweepRequest(form, targetId);
    return req.ok ? { kind: 'sweep', request: req.value } : { kind: 'refused', message: req.message };
  }
  const req = buildRecordRequest(form, targetId);
  if (!req.ok) return { kind: 'refused', message: req.message };
  return { kind: form.perRouteCpu && form.routes.trim() && profiled ? 'routes' : 'recording', request: req.value };
}

/** The kind of work Record would start, asked before it starts whether it would disturb work that runs (shared/work/running-work.ts). */
export function recordWorkKind(form: LoadFormState, profiledTargetId: string | null): WorkKind {
  if (form.sweep) return 'sweep';
  return form.perRouteCpu && form.routes.trim() && profiledTargetId ? 'routes' : 'recording';
}

/** The Record button's words: what a press starts. */
export function recordButtonLabel(form: LoadFormState, hasTarget: boolean): string {
  if (form.sweep) return 'Run sweep';
  if (form.perRouteCpu && form.routes.trim() && hasTarget && !form.loadOnly) return 'Profile each route';
  if (!hasTarget || form.loadOnly) return 'Run load only';
  return form.ownLoad ? 'Record my load' : 'Record';
}
