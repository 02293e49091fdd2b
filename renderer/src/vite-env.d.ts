// Vite lets modules import CSS for its side effect (the stylesheet is bundled).
declare module '*.css';
