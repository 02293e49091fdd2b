// d3-flame-graph 5 ships no TypeScript types: the part of its API we use.
// https://github.com/spiermar/d3-flame-graph#api-reference
declare module 'd3-flame-graph' {
  /** A node of d3-hierarchy after partitioning, as the chart hands it to callbacks. */
  export interface FlameGraphFrame<Datum> {
    data: Datum & { fade?: boolean; hide?: boolean };
    value: number;
    depth: number;
    x0: number;
    x1: number;
    highlight?: boolean;
    parent: FlameGraphFrame<Datum> | null;
    children?: FlameGraphFrame<Datum>[];
  }

  export interface FlameGraphTooltip<Datum> {
    (selection: unknown): void;
    show(event: MouseEvent, d: FlameGraphFrame<Datum>): FlameGraphTooltip<Datum>;
    hide(): FlameGraphTooltip<Datum>;
    /** Content as plain text (safe). */
    text(fn: (d: FlameGraphFrame<Datum>) => string): FlameGraphTooltip<Datum>;
    /** Content as HTML: never with names that come from a profile. */
    html(fn: (d: FlameGraphFrame<Datum>) => string): FlameGraphTooltip<Datum>;
    destroy(): void;
  }

  export interface FlameGraph<Datum> {
    (selection: unknown): void;
    width(px: number): FlameGraph<Datum>;
    width(): number;
    height(px: number | null): FlameGraph<Datum>;
    minHeight(px: number): FlameGraph<Datum>;
    cellHeight(px: number): FlameGraph<Datum>;
    minFrameSize(px: number): FlameGraph<Datum>;
    title(text: string): FlameGraph<Datum>;
    tooltip(tip: FlameGraphTooltip<Datum>): FlameGraph<Datum>;
    transitionDuration(ms: number): FlameGraph<Datum>;
    sort(enabled: boolean | ((a: FlameGraphFrame<Datum>, b: FlameGraphFrame<Datum>) => number)): FlameGraph<Datum>;
    inverted(enabled: boolean): FlameGraph<Datum>;
    selfValue(enabled: boolean): FlameGraph<Datum>;
    computeDelta(enabled: boolean): FlameGraph<Datum>;
    resetHeightOnZoom(enabled: boolean): FlameGraph<Datum>;
    scrollOnZoom(enabled: boolean): FlameGraph<Datum>;
    setColorMapper(fn: (d: FlameGraphFrame<Datum>, originalColor: string) => string): FlameGraph<Datum>;
    setSearchMatch(fn: (d: FlameGraphFrame<Datum>, term: string, ignoreCase?: boolean) => boolean): FlameGraph<Datum>;
    setSearchHandler(fn: (results: FlameGraphFrame<Datum>[], sum: number, total: number) => void): FlameGraph<Datum>;
    setDetailsHandler(fn: (text: string | null) => void): FlameGraph<Datum>;
    onClick(fn: (d: FlameGraphFrame<Datum>) => void): FlameGraph<Datum>;
    search(term: string): void;
    clear(): void;
    resetZoom(): void;
    update(data?: Datum): FlameGraph<Datum>;
    destroy(): FlameGraph<Datum>;
  }

  export default function flamegraph<Datum = unknown>(): FlameGraph<Datum>;
  export const tooltip: { defaultFlamegraphTooltip<Datum = unknown>(): FlameGraphTooltip<Datum> };
  export const colorMapper: Record<string, (d: unknown, originalColor: string) => string>;
}
