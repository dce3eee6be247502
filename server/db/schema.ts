import type { FileMetadata } from '#common/file-metadata.ts';
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type {
  CopyrightStatus,
  DocumentCategory,
  MediaType,
  SubmissionStatus,
  TRANSLATION_STATUSES,
  USAGE_ACTIONS,
} from '#common/enums.ts';
import type { Role } from '#common/roles.ts';

/** The database's types, one interface per table (see migrations/). */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export interface UsersTable {
  id: Generated<string>;
  display_id: Generated<string>;
  email: string;
  email_verified: Generated<boolean>;
  full_name: string | null;
  image: string | null;
  role: Generated<Role>;
  is_active: Generated<boolean>;
  bio: string | null;
  is_public_profile: Generated<boolean>;
  preferences: Generated<Record<string, unknown>>;
  last_sign_in_at: Date | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface SessionsTable {
  id: Generated<string>;
  user_id: string;
  token: string;
  expires_at: Date;
  ip_address: string | null;
  user_agent: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface AccountsTable {
  id: Generated<string>;
  user_id: string;
  account_id: string;
  provider_id: string;
  access_token: string | null;
  refresh_token: string | null;
  id_token: string | null;
  access_token_expires_at: Date | null;
  refresh_token_expires_at: Date | null;
  scope: string | null;
  password: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface VerificationsTable {
  id: Generated<string>;
  identifier: string;
  value: string;
  expires_at: Date;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface RateLimitsTable {
  id: Generated<string>;
  key: string;
  count: number;
  last_request: ColumnType<string, number | string, number | string>;
}

export interface CategoriesTable {
  id: Generated<string>;
  display_id: Generated<string>;
  name: string;
  description: string | null;
  color: Generated<string>;
  icon: string | null;
  is_public: Generated<boolean>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface FoldersTable {
  id: Generated<string>;
  name: string;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

type BigintColumn = ColumnType<string, number | string, number | string>;

export interface MediaItemsTable {
  id: Generated<string>;
  display_id: Generated<string>;
  title: string;
  description: string | null;
  media_type: MediaType;
  file_key: string;
  file_name: string;
  file_size: BigintColumn;
  mime_type: string;
  sha256: string;
  width: number | null;
  height: number | null;
  is_public: Generated<boolean>;
  is_featured: Generated<boolean>;
  view_count: Generated<number>;
  category_id: string | null;
  folder_id: string | null;
  photographer: string | null;
  location: string | null;
  original_date: string | null;
  /** The original date understood (common/dates), null when none or not read; its days as YYYY-MM-DD. */
  original_date_edtf: string | null;
  original_date_earliest: string | null;
  original_date_latest: string | null;
  source: string | null;
  historical_context: string | null;
  technical_notes: string | null;
  keywords: Generated<string[]>;
  copyright_status: Generated<CopyrightStatus>;
  copyright_holder: string | null;
  commercial_use_allowed: Generated<boolean>;
  attribution_required: Generated<boolean>;
  attribution_text: string | null;
  watermark_enabled: Generated<boolean>;
  watermark_type: Generated<string>;
  watermark_position: Generated<string>;
  watermark_opacity: Generated<number>;
  watermark_size: Generated<string>;
  watermark_level: Generated<string>;
  watermark_text: string | null;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
  search_text: ColumnType<string, never, never>;
  /** The public people named in the item's confirmed boxes, kept by triggers (migration 0043); in search_text. */
  people_names: ColumnType<string | null, never, never>;
  /** The point's Morton key on the map's grid (generated, migration 0039). */
  map_key: ColumnType<number | null, never, never>;
  processing_status: Generated<ProcessingStatus>;
  processing_error: string | null;
  placeholder: string | null;
  file_metadata: FileMetadata | null;
  /** Set anew each time the item is unpublished (a trigger); its file URLs carry it. */
  file_salt: ColumnType<string | null, string | null | undefined, string | null>;
  /** The rights statement URI (common/rights.ts); a trigger keeps copyright_status in step (0018). */
  rights: Generated<string>;
  /** A sound's or video's length in seconds, read by the derivatives job (migration 0020). */
  duration_seconds: ColumnType<number | null, number | null | undefined, number | null>;
  /** dHash of the upright image (16 hex digits) and of its turns by 90°, 180°, 270° (0036). */
  dhash: string | null;
  dhash_turns: string[] | null;
  /** The earlier item this one is another version of (staff's choice at review, 0036). */
  version_of_media_id: string | null;
  /** The item's place from the list staff keep, and its point (both optional; migration 0037). */
  place_id: string | null;
  latitude: number | null;
  longitude: number | null;
}

export interface DocumentsTable {
  id: Generated<string>;
  display_id: Generated<string>;
  title: string;
  description: string | null;
  category: Generated<DocumentCategory>;
  file_key: string;
  file_name: string;
  file_size: BigintColumn;
  mime_type: string;
  sha256: string;
  is_public: Generated<boolean>;
  is_featured: Generated<boolean>;
  download_count: Generated<number>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface SlideshowsTable {
  id: Generated<string>;
  display_id: Generated<string>;
  title: string;
  description: string | null;
  is_public: Generated<boolean>;
  is_featured: Generated<boolean>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface SlideshowItemsTable {
  id: Generated<string>;
  slideshow_id: string;
  media_item_id: string;
  order_index: number;
  duration: Generated<number>;
  caption: string | null;
  created_at: CreatedAt;
}

export interface SubmissionsTable {
  id: Generated<string>;
  display_id: Generated<string>;
  title: string;
  description: string | null;
  submitter_name: string | null;
  submitter_email: string | null;
  submitter_message: string | null;
  photographer: string | null;
  location: string | null;
  source: string | null;
  original_date: string | null;
  /** The original date understood (common/dates), null when none or not read; its days as YYYY-MM-DD. */
  original_date_edtf: string | null;
  original_date_earliest: string | null;
  original_date_latest: string | null;
  keywords: Generated<string[]>;
  file_key: string;
  file_name: string;
  file_size: BigintColumn;
  mime_type: string;
  media_type: MediaType;
  sha256: string;
  status: Generated<SubmissionStatus>;
  submitted_by: string | null;
  reviewed_by: string | null;
  reviewed_at: Date | null;
  review_notes: string | null;
  approved_media_id: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
  width: number | null;
  height: number | null;
  processing_status: Generated<ProcessingStatus>;
  processing_error: string | null;
  placeholder: string | null;
  file_metadata: FileMetadata | null;
  duplicate_of_media_id: string | null;
  duplicate_of_submission_id: string | null;
  /** The watermark columns in force when it was sent (media_items' names); null before 0005. */
  watermark: RecordedWatermark | null;
  /** dHash of the upright image (16 hex digits) and of its turns by 90°, 180°, 270° (0036). */
  dhash: string | null;
  dhash_turns: string[] | null;
}

export type RecordedWatermark = {
  watermark_enabled: boolean;
  watermark_type: string;
  watermark_position: string;
  watermark_opacity: number;
  watermark_size: string;
  watermark_level: string;
  watermark_text: string | null;
};

export interface UploadClaimsTable {
  upload_id: string;
  claimed_at: CreatedAt;
  /** Set in the transaction that recorded what the upload became; null while that is under way. */
  sent_at: Date | null;
}

/** One resumable upload's declared size and allowance key, or room reserved for one being created. */
export interface ResumableUploadsTable {
  id: string;
  quota_key: string;
  size: ColumnType<number, number, number>;
  reservation: Generated<boolean>;
  created_at: CreatedAt;
  touched_at: Generated<Date>;
  /** Whose room it takes: the public's, or staff's who manage media (each area has its own cap). */
  pool: Generated<UploadPool>;
  /** When its first bytes came; null: none yet (such an upload stops counting after a few minutes). */
  received_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export type UploadPool = 'public' | 'staff';

export interface SiteSettingsTable {
  key: string;
  value: string | null;
  description: string | null;
  updated_by: string | null;
  updated_at: Timestamp;
}

export interface MediaUsageLogTable {
  id: Generated<string>;
  media_item_id: string;
  action: (typeof USAGE_ACTIONS)[number];
  user_agent: string | null;
  watermarked: Generated<boolean>;
  created_at: CreatedAt;
}

/** A counted view not yet added to its item's count and the usage log (migration 0044). */
export interface MediaViewQueueTable {
  id: Generated<string>;
  media_item_id: string;
  user_agent: string | null;
  watermarked: Generated<boolean>;
  viewed_at: CreatedAt;
}

export interface ActivityLogsTable {
  id: Generated<string>;
  user_id: string | null;
  action: string;
  resource_type: string | null;
  resource_id: string | null;
  resource_name: string | null;
  details: Record<string, unknown> | null;
  created_at: CreatedAt;
}

export interface TranslationsTable {
  id: Generated<string>;
  key: string;
  faroese_text: string;
  english_text: string | null;
  context: string | null;
  component: string | null;
  status: Generated<(typeof TRANSLATION_STATUSES)[number]>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export type ProcessingStatus = 'pending' | 'ready' | 'failed';
export type DerivativeVariant =
  | 'thumb'
  | 'medium'
  | 'display'
  | 'download'
  | 'poster'
  | 'waveform'
  /** A copy of a sound or video that browsers play (H.264/AAC MP4 or AAC), when the original is not. */
  | 'playable';
export type DerivativeOwner = 'media' | 'submission';

/** What an uploaded file says about itself (EXIF/IPTC), kept as suggestions for staff. */
export type { FileMetadata };

export interface JobsTable {
  id: Generated<string>;
  kind: string;
  payload: Record<string, unknown>;
  status: Generated<'queued' | 'running' | 'done' | 'failed'>;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  run_at: Generated<Date>;
  locked_at: Date | null;
  /** The worker (JobRunner) that claimed it; see requeueOrphanedJobs. */
  locked_by: number | null;
  last_error: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface DerivativesTable {
  id: Generated<string>;
  owner_type: DerivativeOwner;
  owner_id: string;
  variant: DerivativeVariant;
  file_key: string;
  mime_type: string;
  file_size: BigintColumn;
  width: number | null;
  height: number | null;
  watermarked: Generated<boolean>;
  created_at: CreatedAt;
}

export type PlayableCopyStatus = 'queued' | 'running' | 'ready' | 'failed';

/** The making of an item's playable copy (migration 0032), for staff to follow. */
export interface PlayableCopiesTable {
  media_id: string;
  status: PlayableCopyStatus;
  /** 0…1, as far as ffmpeg has come through the media's length. */
  progress: Generated<number>;
  error: string | null;
  updated_at: Timestamp;
}

/** The home page's counts, one row kept by triggers on media_items (migration 0006). */
/** One version of the public content, bumped at the commit of any change to it (migration 0031). */
export interface DataVersionsTable {
  name: string;
  version: BigintColumn;
}

export interface PublicTotalsTable {
  id: Generated<boolean>;
  items: BigintColumn;
  views: BigintColumn;
}

/** The staff screens' figures over every item, kept by triggers (migration 0008). */
export interface MediaTotalsTable {
  id: Generated<boolean>;
  items: BigintColumn;
  featured: BigintColumn;
  categorized: BigintColumn;
  views: BigintColumn;
}

/** Items per category, kept by triggers (migration 0008); a row may outlive its category. */
export interface MediaCategoryTotalsTable {
  category_id: string;
  items: BigintColumn;
}

/** Items per UTC day of created_at, kept by triggers (migration 0008). */
export interface MediaUploadDaysTable {
  day: ColumnType<Date, Date | string, Date | string>;
  items: BigintColumn;
}

/** Items per period (decade "1950s" or year "1952") by category ('' for none), type and public (migration 0033, by triggers). */
export interface TimelineCountsTable {
  period: string;
  category: string;
  media_type: string;
  is_public: boolean;
  items: BigintColumn;
}

/** The map's clusters: public located items per grid cell, kept by triggers (0039). */
export interface MapCellsTable {
  level: number;
  x: number;
  y: number;
  period: string;
  category: string;
  media_type: string;
  items: BigintColumn;
  lat_sum: number;
  lon_sum: number;
}

/** The near-duplicate index: the 4 bands of 16 bits of each item's dHash (0036, by trigger). */
export interface MediaHashBandsTable {
  band: number;
  value: number;
  media_id: string;
  hash: BigintColumn;
}

/** A public item deleted or unpublished, kept for OAI-PMH harvesters (migration 0019, by triggers). */
export interface OaiTombstonesTable {
  media_id: string;
  display_id: string;
  category_id: string | null;
  deleted_at: ColumnType<Date, never, never>;
}

/** What a visitor told about a public item (issue 29 §1), and what staff made of it. */
export interface ContributionsTable {
  id: Generated<string>;
  media_id: string;
  who: string | null;
  place: string | null;
  time_text: string | null;
  other: string | null;
  contributor_name: string | null;
  contributor_email: string | null;
  submitted_by: string | null;
  status: Generated<'pending' | 'accepted' | 'rejected'>;
  /** The item's field it went into (common/api/knowledge.ts KNOWLEDGE_FIELDS), once accepted. */
  accepted_field: string | null;
  accepted_text: string | null;
  reviewed_by: string | null;
  reviewed_at: Date | null;
  replied_at: Date | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** A place in the list staff keep (issue 28 §3, migration 0037). */
export interface PlacesTable {
  id: Generated<string>;
  name_fo: string;
  name_en: string;
  latitude: number;
  longitude: number;
  /** Where the coordinates come from; null for a place staff added. */
  source: string | null;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** A person in the list staff keep (issue 29 §2, migration 0040). Private: never named in public. */
export interface PeopleTable {
  id: Generated<string>;
  name: string;
  /** Years as short free text ("1902", "um 1890"). */
  born: string | null;
  died: string | null;
  note: string | null;
  is_private: Generated<boolean>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export type PersonBoxSource = 'staff' | 'visitor' | 'face';
/** `confirmed`: the item's (public with it); `suggested`: an offer staff have not decided (never public); `dismissed`: turned down. */
export type PersonBoxStatus = 'confirmed' | 'suggested' | 'dismissed';

/** Where a person is on an image: fractions 0..1 of the upright image (migration 0040). */
export interface PersonBoxesTable {
  id: Generated<string>;
  media_id: string;
  /** Null: an unnamed box. */
  person_id: string | null;
  x: number;
  y: number;
  w: number;
  h: number;
  source: PersonBoxSource;
  status: Generated<PersonBoxStatus>;
  /** A suggested box's look-alike (the face job's "this looks like …"), and how alike, 0..1. */
  suggested_person_id: string | null;
  confidence: number | null;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** A visitor's name for a box, or for a new box (its rectangle), and staff's decision (migration 0040). */
export interface PersonSuggestionsTable {
  id: Generated<string>;
  media_id: string;
  /** The existing box named; null for a new box given by x/y/w/h. */
  box_id: string | null;
  x: number | null;
  y: number | null;
  w: number | null;
  h: number | null;
  name: string;
  note: string | null;
  contributor_name: string | null;
  contributor_email: string | null;
  submitted_by: string | null;
  status: Generated<'pending' | 'accepted' | 'rejected'>;
  /** The person staff named on accepting, and the box that got the name. */
  person_id: string | null;
  result_box_id: string | null;
  reviewed_by: string | null;
  reviewed_at: Date | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** A face the face job found on an image (issue 29 §3, migration 0041), and the box it is in. */
export interface MediaFacesTable {
  id: Generated<string>;
  media_id: string;
  box_id: string | null;
  x: number;
  y: number;
  w: number;
  h: number;
  score: number;
  /** face-api's 128-number descriptor. */
  descriptor: number[];
  /** The nearest face in a named box, within the threshold, and how far (a suggestion's look-alike). */
  look_alike_face_id: string | null;
  look_alike_distance: number | null;
  created_at: CreatedAt;
}

/** An image the face job has looked at (migration 0041). */
export interface FaceScansTable {
  media_id: string;
  faces: Generated<number>;
  error: string | null;
  scanned_at: Timestamp;
}

export interface Database {
  oai_tombstones: OaiTombstonesTable;
  jobs: JobsTable;
  derivatives: DerivativesTable;
  playable_copies: PlayableCopiesTable;
  users: UsersTable;
  sessions: SessionsTable;
  accounts: AccountsTable;
  verifications: VerificationsTable;
  rate_limits: RateLimitsTable;
  categories: CategoriesTable;
  folders: FoldersTable;
  media_items: MediaItemsTable;
  documents: DocumentsTable;
  slideshows: SlideshowsTable;
  slideshow_items: SlideshowItemsTable;
  submissions: SubmissionsTable;
  site_settings: SiteSettingsTable;
  media_usage_log: MediaUsageLogTable;
  media_view_queue: MediaViewQueueTable;
  activity_logs: ActivityLogsTable;
  upload_claims: UploadClaimsTable;
  resumable_uploads: ResumableUploadsTable;
  translations: TranslationsTable;
  public_totals: PublicTotalsTable;
  data_versions: DataVersionsTable;
  media_totals: MediaTotalsTable;
  media_category_totals: MediaCategoryTotalsTable;
  media_upload_days: MediaUploadDaysTable;
  contributions: ContributionsTable;
  timeline_counts: TimelineCountsTable;
  media_hash_bands: MediaHashBandsTable;
  places: PlacesTable;
  people: PeopleTable;
  person_boxes: PersonBoxesTable;
  person_suggestions: PersonSuggestionsTable;
  media_faces: MediaFacesTable;
  face_scans: FaceScansTable;
  map_cells: MapCellsTable;
}

export type User = Selectable<UsersTable>;
export type NewMediaItem = Insertable<MediaItemsTable>;
export type MediaItemUpdate = Updateable<MediaItemsTable>;
/** Rows as read, for presenters and services (which never import Kysely themselves). */
export type MediaItemRow = Selectable<MediaItemsTable>;
export type DerivativeRow = Selectable<DerivativesTable>;
export type CategoryRow = Selectable<CategoriesTable>;
export type PlaceRow = Selectable<PlacesTable>;
export type DocumentRow = Selectable<DocumentsTable>;
export type SlideshowRow = Selectable<SlideshowsTable>;
