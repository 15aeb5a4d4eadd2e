import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy of every answer, HTML and API alike. The session token lives in localStorage, so
 * the policy's job is to keep foreign script out: scripts only from this origin (the shell, the remotes and the
 * Module Federation runtime that loads them are all served here), no eval, no inline script.
 * - style-src 'unsafe-inline': the shell's index.html carries its loading screen's <style>, the chart library and
 *   React set style attributes, and in development webpack's style-loader injects <style> tags.
 * - img-src data: https: data URIs (the favicon, uploaded pictures) and the http(s) pictures operators may give
 *   a news article (contract: checkImageUrl); the demo pictures are same-origin SVGs.
 * - connect-src 'self': the API, remotes.json, the manifests and the quote stream (SSE) are same-origin.
 * - no upgrade-insecure-requests: the one-command set-up is plain http on a LAN address, where it would break
 *   every request; TLS deployments terminate at nginx, which redirects to https on its own.
 */
export const CSP_DIRECTIVES = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'https:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/**
 * The policy as a header value, with more script sources for one document: a page that carries an inline script
 * names it by its hash (@invest/web: the first frame's gate).
 */
export function contentSecurityPolicy(extraScriptSources: readonly string[] = []): string {
  return Object.entries(CSP_DIRECTIVES)
    .map(([name, sources]) => [name, ...sources, ...(name === 'script-src' ? extraScriptSources : [])].join(' '))
    .join(';');
}

/**
 * Powerful features no screen uses, denied to the page and anything it could be made to load, so an injected
 * script cannot ask for them either. The real-name screen picks ID photos through a file input, which needs no
 * permission (the phone's own camera app takes the picture); copying an address (clipboard-write) stays allowed to
 * the page itself, as by default.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'browsing-topics',
  'camera',
  'display-capture',
  'encrypted-media',
  'fullscreen',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'local-fonts',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'picture-in-picture',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/**
 * Security headers (CSP, frame-ancestors + X-Frame-Options, nosniff, Referrer-Policy, Permissions-Policy, ...) on
 * every route; the web files drop those that only a document reads (@invest/web). They are the same on every answer,
 * so helmet computes them once, into a response no client sees, and each answer gets a copy: the Fastify wrapper
 * rebuilds helmet on every request, which cost the API about a third of its throughput on small answers.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const headers = securityHeaders();
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
}

function securityHeaders(): Record<string, string> {
  const sample = new ServerResponse(new IncomingMessage(new Socket()));
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  })(sample.req, sample, () => {});
  // Helmet has no Permissions-Policy.
  sample.setHeader('permissions-policy', PERMISSIONS_POLICY);
  return Object.fromEntries(Object.entries(sample.getHeaders()).map(([name, value]) => [name, String(value)]));
}
