import type { GalleryImageRecord } from '@ledgerdesk/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '../../lib/session';
import { renderInApp } from '../../test/render';
import { signInForTest } from '../../test/session';
import { ListPage } from './resource';

vi.setConfig({ testTimeout: 20_000 });

const image = (n: number, title: string): GalleryImageRecord => ({
  id: `0b7d4b7e-8a43-4a8e-9d7a-5d2f1c3b9a0${n}`,
  title,
  description: `${title}, for the picture library.`,
  category: { id: 'c1a2b3c4-d5e6-4f70-8a91-b2c3d4e5f607', name: 'Coast' },
  author: { id: 'd1a2b3c4-d5e6-4f70-8a91-b2c3d4e5f608', name: 'Grace Hopper' },
  image: { id: `e1a2b3c4-d5e6-4f70-8a91-b2c3d4e5f60${n}`, url: `/api/files/${n}`, thumbnailUrl: null },
  likes: n,
  liked: false,
  comments: 2,
  createdAt: '2026-03-01T10:00:00Z',
  updatedAt: '2026-03-01T10:00:00Z',
  version: 1,
});
const images = [image(1, 'Sea wall'), image(2, 'Promenade'), image(3, 'Lighthouse bay')];

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  signInForTest({
    id: '55555555-5555-4555-8555-555555555555',
    username: 'reader',
    email: 'reader@example.com',
    firstName: 'R',
    lastName: 'D',
    permissions: ['gallery.view'],
  });
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/gallery/categories')
      return json({
        count: 1,
        page: 1,
        pageSize: 100,
        results: [{ ...images[0]?.category, images: 3, version: 1 }],
      });
    return json({ count: images.length, page: 1, pageSize: 12, results: images });
  });
});
afterEach(() => {
  clearSession();
  vi.restoreAllMocks();
});

describe('the gallery lightbox', () => {
  it('opens a picture, moves with the arrow keys (wrapping round) and closes with Escape', async () => {
    const { user } = await renderInApp(<ListPage />, { url: '/gallery/images', namespaces: ['gallery'] });
    const tiles = await screen.findAllByRole('listitem');
    expect(tiles).toHaveLength(3);
    await user.click(within(tiles[1] as HTMLElement).getByRole('button'));
    const dialog = await screen.findByRole('dialog', { name: 'Promenade' });
    expect(within(dialog).getByText('2 of 3')).toBeDefined();
    expect(within(dialog).getByRole('img', { name: 'Promenade' })).toBeDefined();
    await user.keyboard('{ArrowRight}');
    expect(await screen.findByRole('dialog', { name: 'Lighthouse bay' })).toBeDefined();
    await user.keyboard('{ArrowRight}');
    expect(await screen.findByRole('dialog', { name: 'Sea wall' })).toBeDefined();
    await user.keyboard('{ArrowLeft}');
    expect(await screen.findByRole('dialog', { name: 'Lighthouse bay' })).toBeDefined();
    // A reader may like it, not edit it.
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    await user.keyboard('{Escape}');
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
