/**
 * What other features may use of folders: the list, its keys (a change to items renews the
 * counts), and the manager the media screen opens.
 */
export { folderKeys, useFolders } from './api/folders.ts';
export { FolderManager } from './components/folder-manager.tsx';
