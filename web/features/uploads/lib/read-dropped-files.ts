/**
 * The files of a drop, with the contents of dropped folders (and their sub-folders) taken in.
 * The entries must be read from the DataTransfer during the drop event itself, so this is called
 * synchronously from the handler and only then goes asynchronous.
 */
export function readDroppedFiles(dataTransfer: DataTransfer): Promise<File[]> {
  const items = Array.from(dataTransfer.items ?? []).filter((item) => item.kind === 'file');
  const entries = items.map((item) => item.webkitGetAsEntry?.() ?? null);
  // Without the entries API (or for anything it cannot describe) the plain file list is used.
  if (entries.length === 0 || entries.some((entry) => entry === null)) {
    return Promise.resolve(Array.from(dataTransfer.files));
  }
  return Promise.all(entries.map((entry) => filesOf(entry as FileSystemEntry))).then((lists) => lists.flat());
}

async function filesOf(entry: FileSystemEntry): Promise<File[]> {
  if (isFile(entry)) return [await new Promise<File>((resolve, reject) => entry.file(resolve, reject))];
  if (isDirectory(entry)) {
    const children = await readAllEntries(entry.createReader());
    const lists = await Promise.all(children.map(filesOf));
    return lists.flat();
  }
  return [];
}

/** A directory reader hands out its entries in batches (100 in Chromium) until an empty one. */
async function readAllEntries(reader: FileSystemDirectoryReader): Promise<FileSystemEntry[]> {
  const all: FileSystemEntry[] = [];
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) =>
      reader.readEntries(resolve, reject),
    );
    if (batch.length === 0) return all;
    all.push(...batch);
  }
}

function isFile(entry: FileSystemEntry): entry is FileSystemFileEntry {
  return entry.isFile;
}

function isDirectory(entry: FileSystemEntry): entry is FileSystemDirectoryEntry {
  return entry.isDirectory;
}
