import type { BrowserContext } from '@playwright/test';

export interface CspViolation {
  url: string;
  directive: string;
  blocked: string;
  disposition: string;
}

/**
 * Collects every Content-Security-Policy violation of every page of the context, across navigations
 * (a binding outlives the document; an init script runs before the page's own scripts).
 */
export async function collectCspViolations(context: BrowserContext): Promise<CspViolation[]> {
  const violations: CspViolation[] = [];
  await context.exposeBinding('__reportCspViolation', (_source, v: CspViolation) => void violations.push(v));
  await context.addInitScript(() => {
    const report = (window as unknown as { __reportCspViolation: (v: unknown) => void }).__reportCspViolation;
    window.addEventListener(
      'securitypolicyviolation',
      (e) => report({ url: e.documentURI, directive: e.effectiveDirective, blocked: e.blockedURI, disposition: e.disposition }),
      true,
    );
  });
  return violations;
}
