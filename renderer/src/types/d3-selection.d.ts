// d3-selection 3 ships no TypeScript types and @types/d3-selection is not a
// dependency: only the calls the flamegraph needs. Remove this file if
// @types/d3-selection is ever installed.
declare module 'd3-selection' {
  export interface Selection<Datum> {
    datum<D>(value: D): Selection<D>;
    datum(): Datum;
    call(fn: (selection: Selection<Datum>) => void): Selection<Datum>;
  }
  export function select(element: Element): Selection<unknown>;
  /** The Selection constructor: its prototype is where d3-transition adds transition(). */
  export function selection(): Selection<unknown>;
}
