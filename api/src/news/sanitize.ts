/**
 * Article HTML is cleaned when it is written (the client cleans it again before showing it): a small set of text
 * tags, links to http(s) only, images from http(s) or relative URLs; every script, style, event handler, frame and
 * form goes, with the contents of script/style. Uses sanitize-html (htmlparser2, maintained).
 */
import sanitizeHtml from 'sanitize-html';
import { ApiError } from '../http/errors';

export const ALLOWED_TAGS = ['p', 'h2', 'h3', 'strong', 'em', 'ul', 'ol', 'li', 'a', 'img', 'blockquote', 'br'] as const;

const HTTP_URL = /^https?:\/\//i;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...ALLOWED_TAGS],
  allowedAttributes: { a: ['href'], img: ['src', 'alt'] },
  // Applies to URLs with a scheme; relative ones pass (links are held to http(s) below).
  allowedSchemes: ['http', 'https'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Near relatives become the allowed tag rather than losing their emphasis or structure.
  transformTags: {
    b: 'strong',
    i: 'em',
    h1: 'h2',
    h4: 'h3',
    h5: 'h3',
    h6: 'h3',
    a: (tagName, attribs): sanitizeHtml.Tag => {
      const href = attribs.href?.trim();
      return { tagName, attribs: href && HTTP_URL.test(href) ? { href } : ({} as sanitizeHtml.Attributes) };
    },
  },
  // An image without a usable source is nothing.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** True when sanitized HTML shows nothing: no text and no image. */
export function isEmptyHtml(html: string): boolean {
  return !/<img\s/i.test(html) && sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;|\s/g, '') === '';
}

const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+=*$/;

/**
 * An article's picture: empty, an http(s) URL, a path on this site (`/api/static/news/1.svg`), or a base64 PNG,
 * JPEG, GIF or WebP data URI. Anything else (javascript:, protocol-relative, SVG data) is refused with 400.
 */
export function checkImageUrl(img: string): string {
  if (img === '' || DATA_IMAGE.test(img)) return img;
  if (/^\/(?!\/)\S*$/.test(img)) return img;
  if (HTTP_URL.test(img)) {
    try {
      const url = new URL(img);
      if ((url.protocol === 'http:' || url.protocol === 'https:') && !/\s/.test(img)) return img;
    } catch {
      // falls through to the rejection
    }
  }
  throw new ApiError(400, 'invalidInput');
}
