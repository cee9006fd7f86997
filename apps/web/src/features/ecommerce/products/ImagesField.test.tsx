import type { FileRecord } from '@ledgerdesk/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { nextRequest, stubXhr } from '../../../test/fake-xhr';
import { renderInApp } from '../../../test/render';
import { ImagesField, useStagedPictures } from './ImagesField';

const PRODUCT = '11111111-1111-4111-8111-111111111111';
const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
const record = (id: string, name: string): FileRecord => ({
  id,
  name,
  kind: 'Media',
  mime: 'image/png',
  size: 4,
  folderId: null,
  ownerId: PRODUCT,
  ownerName: 'Ada Admin',
  starred: false,
  trashedAt: null,
  attachedTo: { type: 'products', id: PRODUCT },
  position: 0,
  url: `/api/files/${id}/content?sig=x`,
  thumbnailUrl: `/api/files/${id}/thumbnail?sig=x`,
  access: 'edit',
  createdAt: '2026-11-01T00:00:00Z',
  updatedAt: '2026-11-01T00:00:00Z',
  version: 1,
});
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** The pictures' names in the order shown. */
const shown = () =>
  screen.getAllByTestId('product-picture').map((tile) => within(tile).getByRole('img').getAttribute('alt'));

function NewProductField({
  onStaged,
}: {
  onStaged?: (staged: ReturnType<typeof useStagedPictures>) => void;
}) {
  const staged = useStagedPictures();
  onStaged?.(staged);
  return <ImagesField staged={staged} />;
}
function SavedProductField() {
  const staged = useStagedPictures();
  return <ImagesField productId={PRODUCT} staged={staged} />;
}

beforeEach(() => {
  let n = 0;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => `blob:preview-${++n}`, revokeObjectURL: () => {} }),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the product form’s pictures', () => {
  it('keeps a new product’s pictures to upload on save: main first, reordered, removed', async () => {
    let staged: ReturnType<typeof useStagedPictures> | undefined;
    const { user, container } = await renderInApp(<NewProductField onStaged={(s) => (staged = s)} />, {
      namespaces: ['ecommerce/products'],
    });
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, [png('front.png'), png('side.png'), png('back.png')]);
    expect(shown()).toEqual(['front.png, picture 1', 'side.png, picture 2', 'back.png, picture 3']);
    expect(within(screen.getAllByTestId('product-picture')[0] as HTMLElement).getByText('Main')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Make back.png, picture 3 the main picture' }));
    expect(shown()).toEqual(['back.png, picture 1', 'front.png, picture 2', 'side.png, picture 3']);
    await user.click(screen.getByRole('button', { name: 'Remove front.png, picture 2' }));
    expect(shown()).toEqual(['back.png, picture 1', 'side.png, picture 2']);

    // Saved: one upload of the files, in their order.
    const xhr = stubXhr();
    const done = staged?.uploadTo(PRODUCT);
    const request = await nextRequest();
    expect(request.method).toBe('POST');
    expect(request.url).toBe(`/api/apps/product/${PRODUCT}/attachments`);
    expect(request.sentFiles().map((f) => f.name)).toEqual(['back.png', 'side.png']);
    request.respond(201, { files: [] });
    await done;
    expect(xhr.requests).toHaveLength(1);
  });

  it('changes a saved product’s pictures at once: main, remove, upload', async () => {
    const items = [
      record('aaaaaaaa-0000-4000-8000-000000000001', 'a.png'),
      record('aaaaaaaa-0000-4000-8000-000000000002', 'b.png'),
    ];
    const [a, b] = items.map((i) => i.id);
    // The server's side: the attachments in their order, as the calls change them.
    let current = [...items];
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input);
      if (init?.method === 'PUT') {
        const { ids } = JSON.parse(String(init.body)) as { ids: string[] };
        current = ids.map((id) => current.find((f) => f.id === id) as FileRecord);
        return json({ items: current });
      }
      if (init?.method === 'DELETE') {
        current = current.filter((f) => !url.endsWith(`/${f.id}`));
        return json({ successCode: 'DELETED', successMessage: 'Deleted', data: { id: b } });
      }
      if (url.endsWith('/attachments')) return json({ items: current });
      throw new Error(`unexpected ${init?.method} ${url}`);
    });
    const { user, container } = await renderInApp(<SavedProductField />, {
      namespaces: ['ecommerce/products'],
    });
    await waitFor(() => expect(shown()).toEqual(['a.png, picture 1', 'b.png, picture 2']));

    await user.click(screen.getByRole('button', { name: 'Make b.png, picture 2 the main picture' }));
    await waitFor(() => expect(shown()).toEqual(['b.png, picture 1', 'a.png, picture 2']));
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(String(put?.[0])).toBe(`/api/apps/product/${PRODUCT}/attachments/order`);
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ ids: [b, a] });

    await user.click(screen.getByRole('button', { name: 'Remove b.png, picture 1' }));
    await waitFor(() =>
      expect(
        fetch.mock.calls.some(([url, init]) => init?.method === 'DELETE' && String(url).endsWith(`/${b}`)),
      ).toBe(true),
    );

    // A new picture goes up at once, with its progress shown.
    stubXhr();
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, png('c.png'));
    const request = await nextRequest();
    expect(request.sentFiles().map((f) => f.name)).toEqual(['c.png']);
    request.progress(2, 4);
    expect(await screen.findByRole('region', { name: 'Uploading pictures' })).toBeTruthy();
    request.respond(201, { files: [record('aaaaaaaa-0000-4000-8000-000000000003', 'c.png')] });
  });
});
