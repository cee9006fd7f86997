import { BLOG_BODY_TAGS, BLOG_LIMITS, BLOG_LINK_SCHEMES } from '@ledgerdesk/contracts';
import sanitizeHtml from 'sanitize-html';

/**
 * What a post's body may hold: the editor's formatting (headings, lists, quotes, code, links),
 * nothing that runs or loads (no script, style, image, iframe, event attribute). Every body is
 * cleaned before it is stored, whoever sent it, so that readers may show it as HTML.
 */
const allowlist: sanitizeHtml.IOptions = {
  allowedTags: [...BLOG_BODY_TAGS],
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: [...BLOG_LINK_SCHEMES],
  allowProtocolRelative: false,
  transformTags: {
    // A link opens elsewhere and never hands the reader's page to what it opens.
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...(attribs.href ? { href: attribs.href } : {}),
        rel: 'noopener noreferrer',
        target: '_blank',
      },
    }),
  },
};

export const sanitizePostBody = (html: string) => sanitizeHtml(html, allowlist);

/** The body's first words as plain text, on one line, for lists. */
export function excerptOf(html: string): string {
  const plain = sanitizeHtml(html.replace(/<\/(p|li|h[23]|blockquote|pre)>/gi, '$& '), {
    allowedTags: [],
    allowedAttributes: {},
  })
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  const max = BLOG_LIMITS.excerpt;
  return plain.length <= max ? plain : `${plain.slice(0, max - 1).trimEnd()}…`;
}

/** "Ten Tips for Q3!" → "ten-tips-for-q3": letters without accents, digits, single dashes. */
export function slugOf(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, BLOG_LIMITS.slug)
    .replace(/-+$/g, '');
}
