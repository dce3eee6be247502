/** What other features may use of folders: the list, and the manager the media screen opens. */
export { useFolders } from './api/folders.ts';
export { FolderManager } from './components/folder-manager.tsx';
