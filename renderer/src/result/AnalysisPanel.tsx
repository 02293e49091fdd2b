// The CPU profile of a recording, four ways: Flamegraph, Bottom-up, Call
// tree and "Where the time went". One transform stack (breadcrumbs; pushed
// from a right-click anywhere) applies to every view. The work happens in the
// analysis worker; a tab computes only once it is opened.
import { useCallback, useMemo, useState } from 'react';
import type { FlameNode, Grouping } from '../../../shared/profile/index.ts';
import type { AnalysisClient } from '../analysis/client.ts';
import { ErrorBoundary } from '../components/ErrorBoundary.tsx';
import { Tabs } from '../components/Tabs.tsx';
import type { FlameData } from '../lib/flame-data.ts';
import { menuItems, popTransform, pushTransform, targetFromFrame, transformsOf, type AppliedTransform, type MenuItem, type MenuTarget } from '../analysis/transform-menu.ts';
import { BottomUpView } from './BottomUpView.tsx';
import { CallTreeView } from './CallTreeView.tsx';
import { ContextMenu } from './ContextMenu.tsx';
import { Flamegraph, type FlameModel } from './Flamegraph.tsx';
import { TimePanel } from './TimePanel.tsx';
import { TransformBreadcrumb } from './TransformBreadcrumb.tsx';
import { useAnalysisClient, useView } from './useAnalysis.ts';
import './analysis.css';

type TabKey = 'flamegraph' | 'bottom-up' | 'call-tree' | 'time';

interface Props {
  /** The recording whose profile is analysed: its bytes go straight to the analysis worker. */
  recordingId: string;
  /** Requests served while the profile ran: adds "ms per 1 000 requests". */
  requests: number | null;
}

export function AnalysisPanel({ recordingId, requests }: Props) {
  const loaded = useAnalysisClient(recordingId);
  if (loaded.status === 'loading') return <p className="empty-state" aria-busy="true">Reading the profile…</p>;
  if (loaded.status === 'error') return <p className="note note-error" data-testid="flamegraph-empty">{loaded.message}</p>;
  return <Views client={loaded.client} requests={requests} />;
}

function Views({ client, requests }: { client: AnalysisClient; requests: number | null }) {
  const [tab, setTab] = useState<TabKey>('flamegraph');
  const [visited, setVisited] = useState<ReadonlySet<TabKey>>(() => new Set(['flamegraph']));
  const [stack, setStack] = useState<readonly AppliedTransform[]>([]);
  const [by, setBy] = useState<Grouping>('function');
  const [menu, setMenu] = useState<{ x: number; y: number; target: MenuTarget } | null>(null);
  const transforms = useMemo(() => transformsOf(stack), [stack]);

  // The flamegraph is pruned for the window's width (the chart is a little narrower: a touch more detail).
  const [widthPx] = useState(() => Math.max(320, Math.round(window.innerWidth)));
  const flame = useView(client, tab === 'flamegraph' ? { view: 'flame', transforms, widthPx } : null);
  const model = useMemo<FlameModel>(() => ({
    zoom: (zoom) => client.view({ view: 'flame-zoom', transforms, widthPx, zoom }),
    search: (query) => client.view({ view: 'flame-search', transforms, query }),
  }), [client, transforms, widthPx]);

  const select = (key: TabKey) => {
    setTab(key);
    setVisited((v) => (v.has(key) ? v : new Set([...v, key])));
  };
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

  const tableProps = { client, transforms, by, onBy: setBy, requests, onMenu: openMenu, onFocusFunction: focusFunction };

  return (
    <div className="analysis">
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
              : flame.data ? <ErrorBoundary what="The flamegraph"><Flamegraph data={flame.data} model={flame.stale ? undefined : model} active={tab === 'flamegraph'} onFrameMenu={(node, x, y) => onFrameMenu(flame.data!, node, x, y)} /></ErrorBoundary>
                : <p className="empty-state" aria-busy="true">Building the flamegraph…</p>,
          },
          { key: 'bottom-up', label: 'Bottom-up', testId: 'tab-bottom-up', content: visited.has('bottom-up') && <ErrorBoundary what="Bottom-up"><BottomUpView {...tableProps} active={tab === 'bottom-up'} /></ErrorBoundary> },
          { key: 'call-tree', label: 'Call tree', testId: 'tab-call-tree', content: visited.has('call-tree') && <ErrorBoundary what="The call tree"><CallTreeView {...tableProps} active={tab === 'call-tree'} /></ErrorBoundary> },
          { key: 'time', label: 'Where the time went', testId: 'tab-time', content: visited.has('time') && <ErrorBoundary what="Where the time went"><TimePanel client={client} transforms={transforms} active={tab === 'time'} requests={requests} /></ErrorBoundary> },
        ]}
      />
      {menu && <ContextMenu x={menu.x} y={menu.y} title={menu.target.name} items={menuItems(menu.target, stack)} onChoose={choose} onClose={closeMenu} />}
    </div>
  );
}
