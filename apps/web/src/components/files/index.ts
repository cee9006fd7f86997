export { FileDropzone, type FileDropzoneProps, PageDropzone } from './FileDropzone';
export { FileIcon, fileLookOf } from './FileIcon';
export {
  downloadUrlOf,
  FilePreview,
  type PreviewFile,
  previewKindOf,
  TEXT_PREVIEW_BYTES,
} from './FilePreview';
export { UploadQueue } from './UploadQueue';
export { type SendFile, type UploadItem, type UploadStatus, type Uploads, useUploads } from './use-uploads';
