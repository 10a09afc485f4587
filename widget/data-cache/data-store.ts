/**
 * Where downloaded, verified data files live between visits. Data is grouped by slot
 * (`corpus`, `index:<id>`) and version; a version becomes "current" only through
 * `commitVersion`, which must be atomic: all files and the pointer, or nothing.
 */

/** The version a slot currently serves, with the manifest it came from. */
export interface StoredVersion {
  readonly version: string;
  /** The parsed manifest JSON of that version, so an offline visit can still read it. */
  readonly manifest: unknown;
}

export interface DataStore {
  /** `indexeddb` persists across visits; `memory` lasts for this page only. */
  readonly kind: 'indexeddb' | 'memory';
  current(slot: string): Promise<StoredVersion | undefined>;
  /** The stored bytes of `part`, or undefined when that part was never stored. */
  readPart(slot: string, version: string, part: string): Promise<Uint8Array | undefined>;
  /** Store every part and then point the slot at `version`, in one atomic step. */
  commitVersion(slot: string, stored: StoredVersion, parts: ReadonlyMap<string, Uint8Array>): Promise<void>;
  /** Add a part to an already-current version (a translation fetched later), or replace it. */
  addPart(slot: string, version: string, part: string, bytes: Uint8Array): Promise<void>;
  /** Drop one part of a version (it was found damaged; it is downloaded again). */
  deletePart(slot: string, version: string, part: string): Promise<void>;
  /** Drop every version of `slot` except `keep`. */
  deleteOtherVersions(slot: string, keep: string): Promise<void>;
  /** Slots that have a current version, e.g. `corpus`, `index:gemini-embedding-001-768`. */
  slots(): Promise<string[]>;
  /** Drop a slot entirely: its pointer and every part of every version. */
  deleteSlot(slot: string): Promise<void>;
}
