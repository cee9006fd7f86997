import { act, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import { renderInApp } from '../../test/render';
import { FileDropzone } from './FileDropzone';
import { FilePreview, type PreviewFile } from './FilePreview';
import { UploadQueue } from './UploadQueue';
import { useUploads } from './use-uploads';

/** One upload the test drives: its progress, its answer, whether it was cancelled. */
interface Sent {
  file: File;
  progress: (loaded: number, total: number) => void;
  resolve: () => void;
  reject: (error: unknown) => void;
  signal: AbortSignal;
}

function UploadHarness({ sent, onUploaded }: { sent: Sent[]; onUploaded: (name: string) => void }) {
  const uploads = useUploads(
    (file, { onProgress, signal }) =>
      new Promise<void>((resolve, reject) => {
        signal.addEventListener('abort', () => reject(new DOMException('Cancelled', 'AbortError')));
        sent.push({ file, progress: onProgress, resolve, reject, signal });
      }),
    { onUploaded: (_result, file) => onUploaded(file.name) },
  );
  return (
    <>
      <FileDropzone onDrop={uploads.add} />
      <UploadQueue uploads={uploads} />
    </>
  );
}

const textFile = (name: string, size = 10) => new File(['x'.repeat(size)], name, { type: 'text/plain' });

async function sentNumber(sent: Sent[], count: number): Promise<Sent> {
  await waitFor(() => expect(sent.length).toBeGreaterThanOrEqual(count));
  return sent[count - 1] as Sent;
}

describe('uploads', () => {
  it('sends each picked file on its own with a progress bar, an error per file, retry and cancel', async () => {
    const uploaded = vi.fn();
    const sent: Sent[] = [];
    const { user, container } = await renderInApp(<UploadHarness sent={sent} onUploaded={uploaded} />);
    expect((screen.getByRole('button', { name: 'Choose files' }) as HTMLButtonElement).disabled).toBe(false);
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, [textFile('notes.txt', 100), textFile('huge.txt', 200)]);

    const first = await sentNumber(sent, 1);
    const second = await sentNumber(sent, 2);
    expect([first.file.name, second.file.name]).toEqual(['notes.txt', 'huge.txt']);

    act(() => first.progress(50, 100));
    const bar = await screen.findByRole('progressbar', { name: 'Upload progress of notes.txt' });
    expect(bar.getAttribute('aria-valuenow')).toBe('50');
    expect(screen.getByText('50 bytes of 100 bytes (50%)')).toBeTruthy();
    first.resolve();
    await screen.findByText(/Uploaded, 100 bytes/);
    expect(uploaded).toHaveBeenCalledWith('notes.txt');

    second.reject(new ApiError(413, 'PAYLOAD_TOO_LARGE', 'The file is larger than 50 MB.'));
    expect((await screen.findByRole('alert')).textContent).toContain('The file is larger than 50 MB.');

    await user.click(screen.getByRole('button', { name: 'Upload huge.txt again' }));
    const third = await sentNumber(sent, 3);
    expect(third.file.name).toBe('huge.txt');
    await user.click(screen.getByRole('button', { name: 'Cancel the upload of huge.txt' }));
    expect(third.signal.aborted).toBe(true);
    await screen.findByText('Cancelled');
    expect(uploaded).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'Clear finished' }));
    expect(screen.queryByRole('region', { name: 'Uploads' })).toBeNull();
  });
});

const files: PreviewFile[] = [
  { id: 'a', name: 'photo.png', mime: 'image/png', size: 2048, url: '/api/files/a/content?sig=1' },
  { id: 'b', name: 'readme.txt', mime: 'text/plain', size: 12, url: '/api/files/b/content?sig=2' },
  { id: 'c', name: 'archive.zip', mime: 'application/zip', size: 99, url: '/api/files/c/content?sig=3' },
];

function PreviewHarness() {
  const [index, setIndex] = useState<number | null>(0);
  return <FilePreview files={files} index={index} onIndexChange={setIndex} onClose={() => setIndex(null)} />;
}

describe('FilePreview', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows an image, then the text of the next file (read with a range), then no preview, with download', async () => {
    const fetched = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response('Hello, world', { status: 206 }));
    const { user } = await renderInApp(<PreviewHarness />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('img', { name: 'photo.png' }).getAttribute('src')).toBe(files[0]?.url);
    expect(within(dialog).getByRole('link', { name: 'Download' }).getAttribute('href')).toBe(
      '/api/files/a/content?sig=1&download=1',
    );
    expect(
      (within(dialog).getByRole('button', { name: 'Previous file' }) as HTMLButtonElement).disabled,
    ).toBe(true);

    await user.click(within(dialog).getByRole('button', { name: 'Next file' }));
    expect(await within(dialog).findByText('Hello, world')).toBeTruthy();
    const [url, init] = fetched.mock.calls[0] ?? [];
    expect(url).toBe(files[1]?.url);
    expect(new Headers(init?.headers).get('Range')).toBe('bytes=0-262143');
    expect(within(dialog).getByText('2 of 3')).toBeTruthy();

    await user.keyboard('{ArrowRight}');
    expect(await within(dialog).findByText(/No preview for this type of file/)).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Next file' }) as HTMLButtonElement).disabled).toBe(
      true,
    );

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
