// Saves text as a file the way both shells allow: a Blob URL on an
// <a download> — the browser saves it to Downloads, Electron's window
// shows its save dialog (will-download), no navigation happens.

export function downloadText(fileName: string, content: string, type = 'application/json'): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  // The download has started by now; keep the URL a little longer for slow disks.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
