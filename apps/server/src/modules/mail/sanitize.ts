import { MAIL_BODY_TAGS, MAIL_LIMITS, MAIL_LINK_SCHEMES } from '@ledgerdesk/contracts';
import sanitizeHtml from 'sanitize-html';

/**
 * What a mail's body may hold (MAIL_BODY_TAGS, MAIL_LINK_SCHEMES): the composer's formatting and
 * links, nothing that runs or loads (no script, style, image, iframe, event attribute). Every body is cleaned on the server before it
 * is stored, whoever sent it (the web's editor, an API client), so readers can show it as HTML.
 */
const allowlist: sanitizeHtml.IOptions = {
  allowedTags: [...MAIL_BODY_TAGS],
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: [...MAIL_LINK_SCHEMES],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // A link opens elsewhere and never hands the reader's page to what it opens.
  transformTags: {
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

export function sanitizeBody(html: string): string {
  return sanitizeHtml(html, allowlist);
}

/** The body as plain text: block ends become line breaks, tags go, entities are read. */
export function plainText(html: string): string {
  const text = sanitizeHtml(html.replace(/<\/(p|li|h[1-3]|blockquote|pre)>|<br\s*\/?>/gi, '$&\n'), {
    allowedTags: [],
    allowedAttributes: {},
  });
  return text
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+/g, ' ')
    .replace(/\n\s*\n+/g, '\n\n')
    .trim();
}

/** The list's preview: the text on one line, at most 160 characters. */
export function teaserOf(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= MAIL_LIMITS.teaserLength ? line : `${line.slice(0, MAIL_LIMITS.teaserLength - 1)}…`;
}
