// Saves text as a file the way both shells allow: a Blob URL on an
// <a download> — the browser saves it to Downloads, Electron's window
// shows its save dialog (will-download), no navigation happens.

export function downloadText(fileName: string, content: string, type = 'application/json'): void {
  saveBlob(fileName, new Blob([content], { type }));
}

function saveBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
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

/** A file from exportRecording: text, or base64 for binary formats (pprof). */
export function downloadExported(file: { fileName: string; content: string; encoding?: 'base64' }): void {
  if (file.encoding !== 'base64') {
    downloadText(file.fileName, file.content);
    return;
  }
  const binary = atob(file.content);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  saveBlob(file.fileName, new Blob([bytes], { type: 'application/octet-stream' }));
}
