// The CPU profile of a recording, four ways: Flamegraph, Bottom-up, Call
// tree and "Where the time went". One transform stack (breadcrumbs; pushed
// from a right-click anywhere) applies to every view. The work happens in the
// analysis worker; a tab computes only once it is opened.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { withRequests, type FlameNode, type Grouping, type PerRequest } from '../../../shared/profile/index.ts';
import type { CpuAccounting } from '../../../shared/recording/cpu-accounting.ts';
import type { AnalysisClient } from '../analysis/client.ts';
import { ErrorBoundary } from '../components/ErrorBoundary.tsx';
import { Tabs } from '../components/Tabs.tsx';
import type { FlameData } from '../lib/flame-data.ts';
import { menuItems, popTransform, pushTransform, targetFromFrame, transformsOf, type AppliedTransform, type MenuItem, type MenuTarget } from '../analysis/transform-menu.ts';
import { BottomUpView } from './BottomUpView.tsx';
import { CallTreeView } from './CallTreeView.tsx';
import { ContextMenu } from './ContextMenu.tsx';
import { Flamegraph, type FlameModel } from './Flamegraph.tsx';
import { WhereTimeWent } from './WhereTimeWent.tsx';
import { TransformBreadcrumb } from './TransformBreadcrumb.tsx';
import { useView, type ClientState } from './useAnalysis.ts';
import type { RevealRequest } from './Verdict.tsx';
import { Timeline, type TimeSelection } from './Timeline.tsx';
import type { LoadSummary, ProcessSample } from '../../../shared/api.ts';
import type { Transform } from '../../../shared/profile/index.ts';
import { readLastTab, rememberTab } from '../lib/last-tab.ts';
import { HEAP_PROFILE_NOT_CPU } from '../../../shared/recording/memory.ts';
import './analysis.css';

const TAB_KEYS = ['flamegraph', 'bottom-up', 'call-tree', 'time'] as const;
type TabKey = (typeof TAB_KEYS)[number];

interface Props {
  /** The analysis client of the recording's profile (ResultScreen opens it by recording id: the verdict shares it). */
  loaded: ClientState;
  /** Requests served while the profile ran, and the thread's CPU clock: adds "ms per 1 000 requests" (shared/profile/cpu-time.ts). */
  perRequest: PerRequest | null;
  /** The recording's CPU accounting (the findings of "Where the time went" read it). */
  cpu?: CpuAccounting | null;
  /** A finding's file:line was clicked: show that function in Bottom-up and find it in the flamegraph. */
  reveal?: RevealRequest | null;
  /** The timeline's series and its selected range (ResultScreen keeps it: the verdict follows it too). */
  load?: LoadSummary | null;
  samples?: readonly ProcessSample[];
  range?: TimeSelection | null;
  onRange?(range: TimeSelection | null): void;
  /** Warm-up asked for, s (the timeline marks it when the recording stored no phases). */
  warmupSec?: number | null;
  /** A frame of the flame chart was clicked: reveal it as a finding's file:line does. */
  onReveal?(frame: number, name: string): void;
  /** The tab the address names (#/recordings/<id>?tab=…); null: the one chosen last. */
  tab?: string | null;
  /** A tab was chosen: the address keeps it. */
  onTab?(key: string): void;
}

export function AnalysisPanel({ loaded, ...rest }: Props) {
  if (loaded.status === 'loading') return <p className="empty-state" aria-busy="true">Reading the profile…</p>;
  // A .heapprofile has allocations and no CPU time: said plainly, not as an error.
  if (loaded.status === 'error' && loaded.reason === HEAP_PROFILE_NOT_CPU) return <p className="empty-state" data-testid="flamegraph-empty">{loaded.reason}</p>;
  if (loaded.status === 'error') return <p className="note note-error" data-testid="flamegraph-empty">{loaded.message}</p>;
  return <Views client={loaded.client} {...rest} />;
}

/** The time range as the first transform of every view. */
export function rangeTransforms(range: TimeSelection | null): Transform[] {
  return range ? [{ type: 'time-range', fromMs: range.fromMs, toMs: range.toMs }] : [];
}

const isTabKey = (k: string | null | undefined): k is TabKey => (TAB_KEYS as readonly string[]).includes(k ?? '');

function Views({ client, perRequest: all, cpu = null, reveal = null, load = null, samples = [], range = null, onRange, warmupSec = null, onReveal, tab: addressTab = null, onTab }: Omit<Props, 'loaded'> & { client: AnalysisClient }) {
  // Inside a time range, "per 1 000 requests" divides by the requests of that range (or is not given).
  const perRequest = range ? withRequests(all, range.requests) : all;
  const tabsBox = useRef<HTMLDivElement>(null);
  // The tab a user last chose is where the next result opens.
  // The address's tab wins (a reload, a pasted link).
  const [tab, setTab] = useState<TabKey>(() => (isTabKey(addressTab) ? addressTab : readLastTab(TAB_KEYS, 'flamegraph')));
  const [visited, setVisited] = useState<ReadonlySet<TabKey>>(() => new Set([tab]));
  const root = useRef<HTMLDivElement>(null);
  const [stack, setStack] = useState<readonly AppliedTransform[]>([]);
  const [by, setBy] = useState<Grouping>('function');
  const [menu, setMenu] = useState<{ x: number; y: number; target: MenuTarget } | null>(null);
  const transforms = useMemo(() => [...rangeTransforms(range), ...transformsOf(stack)], [range, stack]);

  // The flamegraph is pruned for the window's width (the chart is a little narrower: a touch more detail).
  const [widthPx] = useState(() => Math.max(320, Math.round(window.innerWidth)));
  const flame = useView(client, tab === 'flamegraph' ? { view: 'flame', transforms, widthPx } : null);
  const model = useMemo<FlameModel>(() => ({
    zoom: (zoom) => client.view({ view: 'flame-zoom', transforms, widthPx, zoom }),
  }), [client, transforms, widthPx]);

  const open = useCallback((key: TabKey) => {
    setTab(key);
    setVisited((v) => (v.has(key) ? v : new Set([...v, key])));
  }, []);
  const select = (key: TabKey) => {
    open(key);
    rememberTab(key);
    onTab?.(key);
  };
  // The address's tab changed (back/forward, an edit by hand): show it.
  const [seenAddressTab, setSeenAddressTab] = useState(addressTab);
  if (addressTab !== seenAddressTab) {
    setSeenAddressTab(addressTab);
    if (isTabKey(addressTab) && addressTab !== tab) open(addressTab);
  }

  // A finding was clicked: Bottom-up, by function, with that row selected (BottomUpView) and the panel in view.
  const [shownReveal, setShownReveal] = useState<number | null>(null);
  if (reveal && reveal.seq !== shownReveal) {
    setShownReveal(reveal.seq);
    open('bottom-up');
    setBy('function');
  }
  useEffect(() => {
    // The tables, where the revealed row is (the timeline above stays where it was scrolled).
    if (reveal) (tabsBox.current ?? root.current)?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [reveal]);
  const openMenu = useCallback((target: MenuTarget, x: number, y: number) => setMenu({ target, x, y }), []);
  const closeMenu = useCallback(() => setMenu(null), []);
  const choose = (item: MenuItem) => {
    setStack((s) => pushTransform(s, item.applied));
    setMenu(null);
  };
  const focusFunction = (target: MenuTarget) => {
    const focus = menuItems(target, stack).find((i) => i.id === 'focus');
    if (focus && !focus.disabled) setStack((s) => pushTransform(s, focus.applied));
  };
  const onFrameMenu = (data: FlameData, node: FlameNode, x: number, y: number) => {
    const frame = node.frame >= 0 ? data.frames[node.frame] : null;
    // "N small frames" is not one function: its menu offers what applies to the whole profile.
    openMenu(frame ? targetFromFrame(frame, node.frame) : { name: node.name, frame: -1, kind: 'native', category: 'native', packageName: '' }, x, y);
  };

  const tableProps = { client, transforms, by, onBy: setBy, perRequest, onMenu: openMenu, onFocusFunction: focusFunction };

  return (
    <div className="analysis" ref={root}>
      {onRange && (
        <ErrorBoundary what="The timeline">
          <Timeline client={client} load={load} samples={samples} range={range} onRange={onRange} warmupSec={warmupSec} highlight={reveal?.frame ?? null} onFrame={onReveal} />
        </ErrorBoundary>
      )}
      <div ref={tabsBox} className="analysis-tabs-anchor" />
      <TransformBreadcrumb stack={stack} onPop={(i) => setStack((s) => popTransform(s, i))} busy={flame.stale} />
      <Tabs<TabKey>
        label="Profile views"
        selected={tab}
        onSelect={select}
        keepMounted
        tabs={[
          {
            key: 'flamegraph', label: 'Flamegraph', testId: 'tab-flamegraph',
            content: flame.error ? <p className="note note-error" data-testid="flamegraph-empty">{flame.error}</p>
              : flame.data ? <ErrorBoundary what="The flamegraph"><Flamegraph data={flame.data} model={flame.stale ? undefined : model} active={tab === 'flamegraph'} highlight={reveal} onFrameMenu={(node, x, y) => onFrameMenu(flame.data!, node, x, y)} /></ErrorBoundary>
                : <p className="empty-state" aria-busy="true">Building the flamegraph…</p>,
          },
          { key: 'bottom-up', label: 'Bottom-up', testId: 'tab-bottom-up', content: visited.has('bottom-up') && <ErrorBoundary what="Bottom-up"><BottomUpView {...tableProps} active={tab === 'bottom-up'} reveal={reveal} /></ErrorBoundary> },
          { key: 'call-tree', label: 'Call tree', testId: 'tab-call-tree', content: visited.has('call-tree') && <ErrorBoundary what="The call tree"><CallTreeView {...tableProps} active={tab === 'call-tree'} /></ErrorBoundary> },
          { key: 'time', label: 'Where the time went', testId: 'tab-time', content: visited.has('time') && <ErrorBoundary what="Where the time went"><WhereTimeWent client={client} transforms={transforms} active={tab === 'time'} perRequest={perRequest} cpu={cpu} ranged={range !== null && all !== null} /></ErrorBoundary> },
        ]}
      />
      {menu && <ContextMenu x={menu.x} y={menu.y} title={menu.target.name} items={menuItems(menu.target, stack)} onChoose={choose} onClose={closeMenu} />}
    </div>
  );
}
