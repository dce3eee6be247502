/**
 * What other features may use of uploads (web/README.md, "Between features"): the resumable
 * upload, the picker's checks, the drop area and the lists of files sent and refused, shared by
 * the submission form and the staff upload screen.
 */
export { loadUploader, UploadError, uploadFile } from './api/upload-file.ts';
export { FILE_PICKER_BUTTON_ID, FileDropArea } from './components/file-drop-area.tsx';
export { FileProgress, RemoveFileButton } from './components/file-progress.tsx';
export { RefusedFiles } from './components/refused-files.tsx';
export { checkFiles, fileKey, type RefusedFile } from './lib/check-files.ts';
export { type QueuedFile, queuedFile, type SendState, type SendStep } from './lib/send-queue.ts';
export { type QueuePlan, useSendQueue } from './lib/use-send-queue.ts';
