// The few globals shared/ may use: they exist, with these shapes, in Node AND
// in browsers (tsconfig.shared.json gives shared/ neither DOM nor Node types,
// so that document, window, process or Buffer cannot creep in). Add one here
// only if both runtimes have it.
declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean });
  decode(input?: ArrayBufferView | ArrayBuffer, options?: { stream?: boolean }): string;
}

/** WHATWG URL: the parts shared/ reads (a load URL's port, a path resolved against an origin). */
declare class URL {
  constructor(url: string, base?: string);
  readonly href: string;
  readonly port: string;
  readonly protocol: string;
  readonly origin: string;
  readonly pathname: string;
  readonly search: string;
}
