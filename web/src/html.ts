/** Text put into the page's markup by the server. */

/** An attribute's value, double-quoted. */
export const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * A JSON data block (`<script type="application/json">`, never run), the shell's to read by its id: nothing in the
 * value may close the element.
 */
export const dataBlock = (id: string, value: unknown, attrs: Record<string, string> = {}) =>
  `<script type="application/json" id="${id}"${Object.entries(attrs)
    .map(([name, v]) => ` ${name}="${attribute(v)}"`)
    .join('')}>${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;
