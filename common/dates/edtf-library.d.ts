/** The npm `edtf` library ships no types: the part the tests use to check our EDTF. */
declare module 'edtf' {
  interface ExtDate {
    /** The value written back as EDTF. */
    edtf: string;
    /** First and last millisecond it covers (UTC). */
    min: number;
    max: number;
  }
  export default function edtf(text: string): ExtDate;
}
