// Vite's `?raw` imports (used by tests for fixture files): the file's text.
declare module '*?raw' {
  const text: string;
  export default text;
}
