// as: tsconfig.electron.json
// electron/ has Node types and no DOM.
export const home = process.env.HOME; // compiles
export const title = document.title; // ✗ Cannot find name 'document'
export const frame = requestAnimationFrame(() => {}); // ✗ Cannot find name 'requestAnimationFrame'
export const el = window.innerWidth; // ✗ Cannot find name 'window'
