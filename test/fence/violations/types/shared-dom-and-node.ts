// as: tsconfig.shared.json
// shared/ has neither DOM nor Node types: each line below must not compile.
export const title = document.title; // ✗ Cannot find name 'document'
export const home = process.env.HOME; // ✗ Cannot find name 'process'
export const bytes = Buffer.from('x'); // ✗ Cannot find name 'Buffer'
export const w = window.innerWidth; // ✗ Cannot find name 'window'
export const text = new TextDecoder().decode(new Uint8Array(1)); // both runtimes have it: compiles
