import { Box, type BoxProps } from '@mantine/core';
import { createElement, type ReactNode } from 'react';

type SafeHtmlProps = BoxProps & {
  /** HTML the server has sanitized with the same allowlist. */
  html: string;
  /** The tags drawn; any other keeps its text only. */
  tags: readonly string[];
  /** The schemes a link may use ("https"). */
  linkSchemes: readonly string[];
};

/**
 * Rich text the server stored (a post's body): its HTML turned into React elements tag by tag from
 * an allowlist, so no markup is ever injected as such (a second line behind the server's
 * sanitizing); links open in a new tab.
 */
export function SafeHtml({ html, tags, linkSchemes, ...box }: SafeHtmlProps) {
  const allowed = new Set(tags);
  const scheme = new RegExp(`^(${linkSchemes.join('|')}):`, 'i');
  const toReact = (node: Node, key: string): ReactNode => {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent;
    if (node.nodeType !== Node.ELEMENT_NODE) return null;
    const element = node as Element;
    const children = Array.from(element.childNodes, (child, index) => toReact(child, `${key}.${index}`));
    const tag = element.tagName.toLowerCase();
    if (!allowed.has(tag)) return children;
    if (tag === 'br' || tag === 'hr') return createElement(tag, { key });
    if (tag === 'a') {
      const href = element.getAttribute('href')?.trim();
      return createElement(
        'a',
        {
          key,
          href: href && scheme.test(href) ? href : undefined,
          target: '_blank',
          rel: 'noopener noreferrer',
        },
        children,
      );
    }
    return createElement(tag, { key }, children);
  };
  const document = new DOMParser().parseFromString(html, 'text/html');
  return (
    <Box {...box}>{Array.from(document.body.childNodes, (node, index) => toReact(node, String(index)))}</Box>
  );
}
