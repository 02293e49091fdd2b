import { describe, expect, it } from 'vitest';
import { startScreenAtTop } from './screen-start.ts';

describe('startScreenAtTop', () => {
  it('scrolls the window to the top first, then focuses the heading without scrolling', () => {
    const calls: string[] = [];
    const heading = { focus: (o?: FocusOptions) => calls.push(`focus ${JSON.stringify(o)}`) } as unknown as HTMLElement;
    startScreenAtTop(heading, { scrollTo: (x: number, y: number) => { calls.push(`scrollTo ${x},${y}`); } });
    expect(calls).toEqual(['scrollTo 0,0', 'focus {"preventScroll":true}']);
  });

  it('still starts at the top when the heading is not there yet', () => {
    const calls: string[] = [];
    startScreenAtTop(null, { scrollTo: (x: number, y: number) => { calls.push(`scrollTo ${x},${y}`); } });
    expect(calls).toEqual(['scrollTo 0,0']);
  });
});
