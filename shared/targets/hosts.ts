// "Is this host this computer?" — asked by the Attach form (to show the
// remote confirmation) and by the services (to refuse an unconfirmed remote
// attach, and to check where an inspector's WebSocket URL points). One
// definition, so the UI and the services can never disagree: the inspector can
// run any code in the process it belongs to.
//
// Loopback here: 127.0.0.0/8 in dotted form, ::1 in every IPv6 spelling
// (0:0:0:0:0:0:0:1, 0::1…), IPv4-mapped 127.x (::ffff:127.0.0.1 and the
// ::ffff:7f00:1 the URL parser writes), "localhost" and any *.localhost name
// (RFC 6761), with or without [brackets] and one trailing dot.

function ipv4Bytes(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const bytes = parts.map((p) => (/^\d{1,3}$/.test(p) ? Number(p) : Number.NaN));
  return bytes.every((b) => b >= 0 && b <= 255) ? bytes : null;
}

/** The 16 bytes of an IPv6 address, or null when `text` is not one. */
function ipv6Bytes(text: string): number[] | null {
  if (!text.includes(':')) return null;
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groups = (half: string): number[] | null => {
    if (half === '') return [];
    const out: number[] = [];
    const parts = half.split(':');
    for (let i = 0; i < parts.length; i++) {
      const p = parts[i];
      if (i === parts.length - 1 && p.includes('.')) {
        const v4 = ipv4Bytes(p);
        if (!v4) return null;
        out.push((v4[0] << 8) | v4[1], (v4[2] << 8) | v4[3]);
      } else if (/^[0-9a-f]{1,4}$/.test(p)) {
        out.push(parseInt(p, 16));
      } else {
        return null;
      }
    }
    return out;
  };
  const head = groups(halves[0]);
  const tail = halves.length === 2 ? groups(halves[1]) : [];
  if (!head || !tail) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const all = [...head, ...new Array<number>(halves.length === 2 ? missing : 0).fill(0), ...tail];
  return all.flatMap((g) => [g >> 8, g & 0xff]);
}

export function isLoopbackHost(host: string): boolean {
  let h = host.trim().toLowerCase();
  if (h.startsWith('[') && h.endsWith(']')) h = h.slice(1, -1);
  if (h.endsWith('.') && !h.includes(':')) h = h.slice(0, -1);
  if (h === 'localhost' || (h.endsWith('.localhost') && /^[a-z0-9.-]+$/.test(h))) return true;
  const v4 = ipv4Bytes(h);
  if (v4) return v4[0] === 127;
  const v6 = ipv6Bytes(h);
  if (!v6) return false;
  const zeros = (from: number, to: number) => v6.slice(from, to).every((b) => b === 0);
  if (zeros(0, 15) && v6[15] === 1) return true; // ::1
  // IPv4-mapped ::ffff:a.b.c.d
  return zeros(0, 10) && v6[10] === 0xff && v6[11] === 0xff && v6[12] === 127;
}
