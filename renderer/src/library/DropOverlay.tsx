// Files dragged over the window: an overlay says what a drop does; a drop
// imports them. Anything else dragged (text, links) is left alone.
import { useEffect, useEffectEvent, useState } from 'react';

const hasFiles = (e: DragEvent) => !!e.dataTransfer && [...e.dataTransfer.types].includes('Files');

export function useFileDrop(onFiles: (files: File[]) => void): boolean {
  const [dragging, setDragging] = useState(false);
  const drop = useEffectEvent(onFiles);

  useEffect(() => {
    // dragenter/dragleave fire for every child element crossed: count them.
    let depth = 0;
    const enter = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      depth++;
      setDragging(true);
    };
    const over = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      // Without this the browser (and Electron) would open the file in place of the app.
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
    };
    const leave = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const onDrop = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      depth = 0;
      setDragging(false);
      const files = [...(e.dataTransfer?.files ?? [])];
      if (files.length) drop(files);
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragover', over);
    window.addEventListener('dragleave', leave);
    window.addEventListener('drop', onDrop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragover', over);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('drop', onDrop);
    };
  }, []);

  return dragging;
}

export function DropOverlay({ compare = false }: { compare?: boolean }) {
  return (
    <div className="drop-overlay" data-testid="drop-overlay" aria-hidden="true">
      <div className="drop-box">
        <strong>{compare ? 'Drop two files to compare them (the first is A)' : 'Drop to import into the library'}</strong>
        <span>.cpuprofile (Node, Chrome DevTools, VS Code), DevTools trace .json, .heapprofile (allocations), or a .flambe bundle</span>
      </div>
    </div>
  );
}
