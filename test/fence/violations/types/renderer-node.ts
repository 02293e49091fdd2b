// as: tsconfig.renderer.json
// The renderer has the DOM and no Node types.
export const title = document.title; // compiles
export const home = process.env.HOME; // ✗ Cannot find name 'process'
export const bytes = Buffer.from('x'); // ✗ Cannot find name 'Buffer'
export const here = __dirname; // ✗ Cannot find name '__dirname'
