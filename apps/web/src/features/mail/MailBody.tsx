import { MAIL_BODY_TAGS, MAIL_LINK_SCHEMES } from '@ledgerdesk/contracts';
import { createElement, type ReactNode } from 'react';
import classes from './mail.module.css';

/** The tags a mail's HTML may hold: the server's allowlist (it cleans every body before storing it). */
const allowedTags: ReadonlySet<string> = new Set(MAIL_BODY_TAGS);
const linkScheme = new RegExp(`^(${MAIL_LINK_SCHEMES.join('|')}):`, 'i');

const safeHref = (href: string | null) => (href && linkScheme.test(href.trim()) ? href.trim() : undefined);

function toReact(node: Node, key: string): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const children = Array.from(element.childNodes, (child, index) => toReact(child, `${key}.${index}`));
  const tag = element.tagName.toLowerCase();
  // An unknown tag keeps its text, never itself (the server already removed them; this is the second line).
  if (!allowedTags.has(tag)) return children;
  if (tag === 'br') return createElement('br', { key });
  if (tag === 'a')
    return createElement(
      'a',
      { key, href: safeHref(element.getAttribute('href')), target: '_blank', rel: 'noopener noreferrer' },
      children,
    );
  return createElement(tag, { key }, children);
}

/**
 * A message's body: its HTML (sanitized by the server) turned into React elements tag by tag from
 * the same allowlist, so no markup is ever injected as such; links open in a new tab.
 */
export function MailBody({ html }: { html: string }) {
  const document = new DOMParser().parseFromString(html, 'text/html');
  return (
    <div className={classes.body}>
      {Array.from(document.body.childNodes, (node, index) => toReact(node, String(index)))}
    </div>
  );
}
