// The transform stack as breadcrumbs: "Full profile › Focus: jsonRoute ×
// › Collapse: express ×". × pops that transform and the ones after it (a
// later one may name a frame an earlier one made); "Full profile" pops all.
import type { AppliedTransform } from '../analysis/transform-menu.ts';

export function TransformBreadcrumb({ stack, onPop, busy }: { stack: readonly AppliedTransform[]; onPop(index: number): void; busy: boolean }) {
  if (stack.length === 0) {
    return <p className="hint crumbs-hint">Right-click a frame or a row to focus on a function, merge it away, collapse a package or drop idle time.</p>;
  }
  return (
    <nav className="crumbs" aria-label="Transforms applied to every view" data-testid="transform-breadcrumb">
      <ol>
        <li>
          <button type="button" className="crumb-root" onClick={() => onPop(0)} title="Back to the whole profile">Full profile</button>
        </li>
        {stack.map((a, i) => (
          <li key={i} data-testid="transform-crumb">
            <span className="crumb-sep" aria-hidden="true">›</span>
            <span className="crumb">
              <span className="crumb-label" title={a.label}>{a.label}</span>
              <button
                type="button"
                className="crumb-pop"
                aria-label={i === stack.length - 1 ? `Remove ${a.label}` : `Remove ${a.label} and the transforms after it`}
                title={i === stack.length - 1 ? 'Remove' : 'Remove this and the transforms after it'}
                data-testid="transform-pop"
                onClick={() => onPop(i)}
              >
                ×
              </button>
            </span>
          </li>
        ))}
      </ol>
      {busy && <span className="muted small" aria-live="polite">Updating…</span>}
    </nav>
  );
}
