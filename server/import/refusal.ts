/** Something that stops the import before any file is imported (the message says what and why). */
export class ImportRefusal extends Error {}
