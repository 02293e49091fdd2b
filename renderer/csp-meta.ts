// Build-time: index.html's CSP meta tag gets the one policy of shared/csp.ts
// (a meta tag cannot carry frame-ancestors; the servers send it as a header).
import { contentSecurityPolicy } from '../shared/csp.ts';

export const CSP_PLACEHOLDER = '__FLAMBE_CSP__';

export function injectCsp(html: string): string {
  if (!html.includes(CSP_PLACEHOLDER)) throw new Error(`renderer/index.html has no ${CSP_PLACEHOLDER} placeholder for the CSP meta tag.`);
  return html.replace(CSP_PLACEHOLDER, contentSecurityPolicy({ meta: true }));
}
