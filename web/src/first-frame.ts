/**
 * A route's first frame in its page: the remote that owns the route prerenders what its screen draws
 * before the page's JavaScript has run (its `src/prerender.tsx`, built for Node into dist/server), and the web server
 * puts that HTML, the CSS it uses and the answers it drew from into the shell's page. A phone then paints home with
 * the HTML instead of after ~170 KB of JavaScript; the shell starts its query cache with the same answers, and the
 * remote takes the frame away in the commit that draws the screen under it (shared/src/remote/firstFrame.ts).
 *
 * The frame is a logged-in screen in the default language: a script in the head (FRAME_GATE_SCRIPT) hides it, before
 * anything paints, from a visitor without a session or with another language stored (they see the loading screen).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ApiError } from '@invest/api';
import { FIRST_FRAME, FRAME_GATE_SCRIPT } from '@invest/shared/first-frame';
import type { FirstFrame, FrameData, Prerender } from '@invest/shared/prerender';

/**
 * Answers of GET contract calls that are the same for every user, by the call's path: what a first frame may draw
 * from (the API's `sharedAnswers`: the market categories and prices).
 */
export type FrameAnswers = Readonly<Record<string, (input?: unknown) => unknown>>;

/** The gate's CSP source: the one inline script a page with a frame runs. */
export const GATE_SCRIPT_HASH = `'sha256-${crypto.createHash('sha256').update(FRAME_GATE_SCRIPT).digest('base64')}'`;

const { id } = FIRST_FRAME;

/** The CSS rules `html` uses, out of `css`, minified (beasties reduces an inline sheet to what the markup matches). */
async function criticalCss(html: string, css: string): Promise<string> {
  const { default: Beasties } = await import('beasties');
  const beasties = new Beasties({ reduceInlineStyles: true, keyframes: 'critical', compress: true, logLevel: 'silent' });
  const out = await beasties.process(`<html><head><style>${css}</style></head><body><div id="${id}"><div>${html}</div></div></body></html>`);
  return [...out.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('');
}

/** A path's frame, drawn, with the CSS it uses. */
export interface DrawnFrame {
  frame: FirstFrame;
  css: string;
}

interface Loaded {
  prerender: Prerender;
  css: string;
  /** The bundle's modification time: a rebuild loads it again. */
  mtimeMs: number;
}

/** The class names a frame's markup uses: its critical CSS depends on nothing else. */
const classesOf = (html: string) => [...new Set([...html.matchAll(/class="([^"]*)"/g)].flatMap((m) => m[1]!.split(/\s+/)))].sort().join(' ');

/** Frames kept, by path: the most visited pages (home, the popular stocks) are drawn once per price tick. */
const FRAMES_KEPT = 32;
/**
 * Frames drawn at once: beyond it a page goes without (its screen draws as usual), so requests for many distinct
 * paths cannot make the server render without bound.
 */
const DRAWS_AT_ONCE = 4;
/** Critical CSS kept, by the classes a frame uses: one per kind of page (home, a stock) and build. */
const CSS_KEPT = 8;

/** A frame's data refused as the API refuses a request (an unknown code in the address): no frame, nothing to log. */
const isRefusal = (err: unknown) => err instanceof ApiError && err.statusCode < 500;

/**
 * The first frames this server can put in its pages: those of the releases remotes.json names that it serves itself,
 * each drawn by that very release's prerender (a frame's classes are its own version's). A frame is drawn again only
 * when what it shows has changed (a price tick), its CSS only when its classes have.
 */
export class FirstFrames {
  private readonly loaded = new Map<string, Loaded>();
  private readonly drawn = new Map<string, { key: string; drawn: Promise<DrawnFrame | null> }>();
  private drawing = 0;
  private readonly css = new Map<string, Promise<string>>();

  constructor(
    /** The folder of the release a manifest URL names, if this server serves it. */
    private readonly releaseOf: (manifestUrl: string) => string | null,
    private readonly answers: FrameAnswers,
    private readonly remotes: () => Record<string, string>,
    private readonly warn: (msg: string, err?: unknown) => void,
  ) {}

  /** The frame of `routePath` with its CSS, or null: no remote here prerenders it, or it could not be drawn. */
  async frameFor(routePath: string): Promise<DrawnFrame | null> {
    for (const [container, manifestUrl] of Object.entries(this.remotes())) {
      const dist = this.releaseOf(manifestUrl);
      if (!dist) continue;
      const loaded = this.load(dist);
      if (!loaded) continue;
      const { prerender } = loaded;
      if (!(prerender.matches ? prerender.matches(routePath) : prerender.paths.includes(routePath))) continue;
      let data: FrameData;
      try {
        data = await prerender.load(routePath, async (callPath, input) => {
          const answer = this.answers[callPath];
          if (!answer) throw new Error(`this server does not answer ${callPath}`);
          return answer(input);
        });
      } catch (err) {
        if (!isRefusal(err)) this.warn(`${container} could not get what ${routePath}'s frame shows: no frame`, err);
        return null;
      }
      const key = `${dist} ${loaded.mtimeMs} ${JSON.stringify(data)}`;
      const known = this.drawn.get(routePath);
      if (known?.key === key) return known.drawn;
      if (this.drawing >= DRAWS_AT_ONCE) return null;
      this.drawing += 1;
      const drawn = this.draw(loaded, routePath, data).then((frame) => {
        this.drawing -= 1;
        // A frame that could not be drawn is tried again on the next request, not kept.
        if (!frame && this.drawn.get(routePath)?.drawn === drawn) this.drawn.delete(routePath);
        return frame;
      });
      this.drawn.delete(routePath);
      this.drawn.set(routePath, { key, drawn });
      if (this.drawn.size > FRAMES_KEPT) this.drawn.delete(this.drawn.keys().next().value!);
      return drawn;
    }
    return null;
  }

  private async draw(loaded: Loaded, routePath: string, data: FrameData): Promise<DrawnFrame | null> {
    try {
      const frame = await loaded.prerender.render(routePath, data);
      const classes = `${loaded.mtimeMs} ${classesOf(frame.html)}`;
      let css = this.css.get(classes);
      if (!css) {
        css = criticalCss(frame.html, loaded.css);
        this.css.set(classes, css);
        if (this.css.size > CSS_KEPT) this.css.delete(this.css.keys().next().value!);
      }
      return { frame, css: await css };
    } catch (err) {
      this.warn(`${loaded.prerender.name} could not draw ${routePath}: no frame`, err);
      return null;
    }
  }

  private load(dist: string): Loaded | null {
    const bundle = path.join(dist, 'server', 'prerender.js');
    let mtimeMs: number;
    try {
      mtimeMs = fs.statSync(bundle).mtimeMs;
    } catch {
      return null;
    }
    const known = this.loaded.get(dist);
    if (known?.mtimeMs === mtimeMs) return known;
    try {
      const require = createRequire(__filename);
      delete require.cache[bundle];
      const prerender = (require(bundle) as { default: Prerender }).default;
      const cssFile = path.join(dist, 'server', 'prerender.css');
      const css = fs.existsSync(cssFile) ? fs.readFileSync(cssFile, 'utf8') : '';
      const loaded = { prerender, css, mtimeMs };
      this.loaded.set(dist, loaded);
      return loaded;
    } catch (err) {
      this.warn(`${dist}'s prerender could not load: no frame`, err);
      return null;
    }
  }
}
