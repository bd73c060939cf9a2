// Rich text of the content: Markdown through marked, and every piece of HTML (rendered Markdown or an editor's
// html_content block) through sanitize-html with one allow-list. Scripts, event handlers, styles, frames and
// javascript:/data: URLs never survive (tested with the OWASP XSS filter-evasion cases in content.render.test.ts).
import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

const markdown = new Marked({ gfm: true, breaks: false, async: false });

const POLICY: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'strong',
    'em',
    'b',
    'i',
    'u',
    's',
    'del',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'code',
    'pre',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'img',
    'figure',
    'figcaption',
    'span',
    'sup',
    'sub',
    'abbr',
    'small',
  ],
  // rel, target, loading and decoding are set by transformTags below (which runs before this filter).
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading', 'decoding'],
    th: ['scope', 'colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    abbr: ['title'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // The page header is the page's one h1: headings inside content start at h2.
  transformTags: {
    h1: 'h2',
    a: (tagName, attribs) => {
      // rel and target are ours to set: external links open apart, without access to this page.
      const kept: Record<string, string> = {};
      if (attribs.href !== undefined) kept.href = attribs.href;
      if (attribs.title !== undefined) kept.title = attribs.title;
      const external = /^https?:\/\//i.test(attribs.href ?? '');
      return { tagName, attribs: external ? { ...kept, rel: 'noopener noreferrer nofollow', target: '_blank' } : kept };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy', decoding: 'async' } }),
  },
};

/** HTML an editor wrote, reduced to the allow-list. */
export function sanitizeContentHtml(html: string): string {
  return sanitizeHtml(html, POLICY).trim();
}

/** Markdown (raw HTML inside it included) rendered and sanitised. */
export function renderMarkdown(source: string): string {
  return sanitizeContentHtml(markdown.parse(source) as string);
}
