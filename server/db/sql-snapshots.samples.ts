/**
 * The samples sql-snapshots.test.ts calls every repository function with: one table per
 * repository (its file's name without `.repository.ts`, the name of its .sql in queries/), one
 * entry per exported function, in the file's order. An entry is
 * - the arguments after `db`: `getCategory: [IDS.category]`;
 * - `{ cases: { label: arguments, … } }` where a flag or a filter changes the statement (each
 *   case is a section of its own in the .sql);
 * - `{ fragment: arguments }` for a function that builds a piece of SQL without running it;
 * - `{ notSql: 'why' }` for a helper that sends nothing.
 * A table's type is its module's exports, so a new function without a sample, or a sample whose
 * arguments no longer fit, is refused by `tsc` as well as by the test (which names it).
 *
 * The arguments name the rows SEED writes (IDS), so lookups find something and inserts' references
 * hold; deletes name rows of their own or none, so the tables after them still find theirs.
 */
import type * as auth from '../auth/auth.repository.ts';
import type * as exports from '../export/export.repository.ts';
import type * as activity from '../features/activity/activity.repository.ts';
import type * as categories from '../features/categories/categories.repository.ts';
import type * as dashboard from '../features/dashboard/dashboard.repository.ts';
import type * as documents from '../features/documents/documents.repository.ts';
import type * as faces from '../features/faces/faces.repository.ts';
import type * as folders from '../features/folders/folders.repository.ts';
import type * as gallery from '../features/gallery/gallery.repository.ts';
import type * as iiif from '../features/iiif/iiif.repository.ts';
import type * as knowledge from '../features/knowledge/knowledge.repository.ts';
import type * as map from '../features/map/map.repository.ts';
import type * as media from '../features/media/media.repository.ts';
import type * as oai from '../features/oai/oai.repository.ts';
import type * as people from '../features/people/people.repository.ts';
import type * as places from '../features/places/places.repository.ts';
import type * as search from '../features/search/search.repository.ts';
import type * as settings from '../features/settings/settings.repository.ts';
import type * as sitemap from '../features/sitemap/sitemap.repository.ts';
import type * as slideshows from '../features/slideshows/slideshows.repository.ts';
import type * as submissions from '../features/submissions/submissions.repository.ts';
import type * as translations from '../features/translations/translations.repository.ts';
import type * as resumableUploads from '../features/uploads/resumable-uploads.repository.ts';
import type * as uploads from '../features/uploads/uploads.repository.ts';
import type * as users from '../features/users/users.repository.ts';
import type * as rateLimits from '../http/rate-limits.repository.ts';
import type * as imports from '../import/import.repository.ts';
import type * as jobs from '../jobs/jobs.repository.ts';
import type * as derivatives from '../media/derivatives/derivatives.repository.ts';
import type * as playableCopies from '../media/derivatives/playable-copies.repository.ts';
import type * as nearDuplicates from '../media/perceptual/near-duplicates.repository.ts';
import type * as demo from '../../scripts/demo/demo.repository.ts';
import type { Db } from './database.ts';

/** A sample of one function: see the file's comment. */
export type Sample<F> = F extends (db: Db, ...rest: infer R) => unknown
  ? R | { cases: Record<string, R> }
  : F extends (...args: infer A) => { compile(...args: never[]): unknown }
    ? { fragment: A }
    : { notSql: string };

/** A module's samples: one for each exported function, none for anything else. */
export type Samples<M> = {
  [K in keyof M as M[K] extends (...args: never[]) => unknown ? K : never]: Sample<M[K]>;
};

/** What the test reads: any table, loosely. */
export type SampleTable = Record<
  string,
  unknown[] | { cases: Record<string, unknown[]> } | { fragment: unknown[] } | { notSql: string }
>;

const id = (n: number) => `00000000-0000-4000-8000-${n.toString().padStart(12, '0')}`;

/** The rows SEED writes, and an id no row has. */
export const IDS = {
  user: id(1),
  category: id(2),
  folder: id(3),
  place: id(4),
  media: id(5),
  document: id(6),
  slideshow: id(7),
  slide: id(8),
  submission: id(9),
  person: id(10),
  box: id(11),
  suggestion: id(12),
  contribution: id(13),
  translation: id(14),
  face: id(15),
  none: 'ffffffff-ffff-4fff-bfff-ffffffffffff',
} as const;

const SHA = 'a'.repeat(64);
const HASHES = {
  upright: '0123456789abcdef',
  turns: ['fedcba9876543210', '00ff00ff00ff00ff', 'ff00ff00ff00ff00'] as [string, string, string],
};
/** A face descriptor: 128 numbers. */
const DESCRIPTOR = Array.from({ length: 128 }, () => 0.1);
const DATE = new Date('2026-01-02T03:04:05Z');
const WINDOW = { level: 10, xs: [[900, 910]] as [number, number][], y: [300, 310] as [number, number] };
const PERIOD = { kind: 'decade' as const, name: '1950s', from: 1950, to: 1959 };
const DERIVATIVE = {
  variant: 'thumb' as const,
  fileKey: 'derivatives/sample/thumb.webp',
  mimeType: 'image/webp',
  fileSize: 10,
  width: 400,
  height: 300,
  watermarked: false,
};

/** The rows the samples name: one of each, written before any sample runs. */
export async function SEED(db: Db): Promise<void> {
  await db
    .insertInto('users')
    .values({ id: IDS.user, email: 'staff@example.org', full_name: 'Staff', role: 'admin' })
    .execute();
  await db
    .insertInto('categories')
    .values({ id: IDS.category, name: 'Bólkur', created_by: IDS.user })
    .execute();
  await db.insertInto('folders').values({ id: IDS.folder, name: 'Mappa', created_by: IDS.user }).execute();
  await db
    .insertInto('places')
    .values({
      id: IDS.place,
      name_fo: 'Dømisstaður',
      name_en: 'Sample place',
      latitude: 62.01,
      longitude: -6.77,
    })
    .execute();
  await db
    .insertInto('media_items')
    .values({
      id: IDS.media,
      title: 'Mynd',
      media_type: 'image',
      file_key: 'media/sample.jpg',
      file_name: 'sample.jpg',
      file_size: 1,
      mime_type: 'image/jpeg',
      sha256: SHA,
      is_public: true,
      processing_status: 'ready',
      category_id: IDS.category,
      folder_id: IDS.folder,
      place_id: IDS.place,
      latitude: 62.01,
      longitude: -6.77,
      created_by: IDS.user,
    })
    .execute();
  await db
    .insertInto('documents')
    .values({
      id: IDS.document,
      title: 'Skjal',
      file_key: 'documents/sample.pdf',
      file_name: 'sample.pdf',
      file_size: 1,
      mime_type: 'application/pdf',
      sha256: SHA,
      is_public: true,
    })
    .execute();
  await db
    .insertInto('slideshows')
    .values({ id: IDS.slideshow, title: 'Myndarøð', is_public: true })
    .execute();
  await db
    .insertInto('slideshow_items')
    .values({ id: IDS.slide, slideshow_id: IDS.slideshow, media_item_id: IDS.media, order_index: 0 })
    .execute();
  await db
    .insertInto('submissions')
    .values({
      id: IDS.submission,
      title: 'Sending',
      file_key: 'submissions/sample.jpg',
      file_name: 'sample.jpg',
      file_size: 1,
      mime_type: 'image/jpeg',
      media_type: 'image',
      sha256: SHA,
      submitted_by: IDS.user,
    })
    .execute();
  await db.insertInto('people').values({ id: IDS.person, name: 'Jóannes' }).execute();
  await db
    .insertInto('person_boxes')
    .values({
      id: IDS.box,
      media_id: IDS.media,
      person_id: IDS.person,
      x: 0.1,
      y: 0.1,
      w: 0.2,
      h: 0.2,
      source: 'staff',
      status: 'confirmed',
    })
    .execute();
  await db
    .insertInto('person_suggestions')
    .values({ id: IDS.suggestion, media_id: IDS.media, box_id: IDS.box, name: 'Jóannes' })
    .execute();
  await db
    .insertInto('contributions')
    .values({ id: IDS.contribution, media_id: IDS.media, who: 'Jóannes' })
    .execute();
  await db
    .insertInto('translations')
    .values({ id: IDS.translation, key: 'sample.key', faroese_text: 'Dømi', english_text: 'Sample' })
    .execute();
  await db
    .insertInto('media_faces')
    .values({
      id: IDS.face,
      media_id: IDS.media,
      box_id: IDS.box,
      x: 0.1,
      y: 0.1,
      w: 0.2,
      h: 0.2,
      score: 0.9,
      descriptor: DESCRIPTOR,
    })
    .execute();
}

export const SAMPLES = {
  auth: {
    deleteResetTokensOf: [IDS.user],
    confirmEmailOf: [IDS.user],
  } satisfies Samples<typeof auth>,

  export: {
    listExportItems: {
      cases: {
        'public, first page': [{ includePrivate: false, afterDisplayId: null, limit: 500 }],
        'all, after a page': [{ includePrivate: true, afterDisplayId: 'M-000001', limit: 500 }],
      },
    },
    listExportDocuments: {
      cases: {
        'public, first page': [{ includePrivate: false, afterDisplayId: null, limit: 500 }],
        'all, after a page': [{ includePrivate: true, afterDisplayId: 'D-000001', limit: 500 }],
      },
    },
  } satisfies Samples<typeof exports>,

  activity: {
    createActivity: [
      {
        userId: IDS.user,
        action: 'media.update',
        resourceType: 'media',
        resourceId: IDS.media,
        resourceName: 'Mynd',
        details: { field: 'title' },
      },
    ],
    listRecentActivity: [10],
    listActivity: [
      { q: 'mynd', action: 'media.update', resourceType: 'media', userId: IDS.user },
      undefined,
      50,
    ],
  } satisfies Samples<typeof activity>,

  categories: {
    getCategory: [IDS.category],
    createCategory: [
      { name: 'Nýggjur bólkur', description: 'Lýsing', is_public: true, created_by: IDS.user },
    ],
    listPublicCategories: [],
    listAllCategories: [],
    listAdminCategories: {
      cases: {
        'by name': [undefined, 'name', undefined, 50],
        'search, by items': ['bólk', 'items', undefined, 50],
      },
    },
    getCategoryStats: [],
    getCategoryForUpdate: [IDS.category],
    updateCategory: [IDS.category, { description: 'Onnur lýsing' }],
    clearCategoryFromMedia: [IDS.none],
    deleteCategory: [IDS.none],
  } satisfies Samples<typeof categories>,

  dashboard: {
    getDashboardCounts: [],
    listTopCategories: [5],
  } satisfies Samples<typeof dashboard>,

  documents: {
    getDocument: [IDS.document],
    getLatestPublicDocument: ['general'],
    createDocument: [
      {
        title: 'Nýtt skjal',
        category: 'general',
        file_key: 'documents/new.pdf',
        file_name: 'new.pdf',
        file_size: 1,
        mime_type: 'application/pdf',
        sha256: SHA,
      },
    ],
    listAdminDocuments: {
      cases: {
        newest: [{}, 'newest', undefined, 50],
        'search and category, by title': [{ q: 'skjal', category: 'general' }, 'title', undefined, 50],
      },
    },
    getDocumentStats: [],
    getDocumentForUpdate: [IDS.document],
    updateDocument: [IDS.document, { title: 'Skjal 2' }],
    deleteDocument: [IDS.none],
    incrementDocumentDownloads: {
      cases: {
        "a visitor's (public only)": [IDS.document, { publicOnly: true }],
        "staff's": [IDS.document, { publicOnly: false }],
      },
    },
  } satisfies Samples<typeof documents>,

  faces: {
    isFaceJobOn: { cases: { plain: [], 'under a share lock': [true] } },
    getScannableImage: [IDS.media],
    listUnscannedImages: { cases: { first: [50], after: [50, IDS.media] } },
    clearScan: [IDS.none],
    listNamedFaces: { cases: { first: [IDS.none, 100], after: [IDS.none, 100, IDS.face] } },
    listNamedFacesAmong: [[IDS.face]],
    listFaceIdsOfBox: [IDS.box],
    listFaceIdsOfPerson: [IDS.person],
    listSuggestionFacesLike: [[IDS.face]],
    listSuggestionFaces: { cases: { first: [100], after: [100, IDS.face] } },
    setLookAlike: {
      cases: {
        'a look-alike': [
          { id: IDS.face, box_id: IDS.box },
          { faceId: IDS.face, personId: IDS.person, distance: 0.3 },
        ],
        none: [{ id: IDS.face, box_id: IDS.box }, undefined],
      },
    },
    createSuggestedBox: [
      { mediaId: IDS.media, x: 0.5, y: 0.5, w: 0.1, h: 0.1, confidence: 0.9, suggestedPersonId: IDS.person },
    ],
    createFace: [
      {
        mediaId: IDS.media,
        boxId: IDS.box,
        x: 0.5,
        y: 0.5,
        w: 0.1,
        h: 0.1,
        score: 0.9,
        descriptor: DESCRIPTOR,
        lookAlikeFaceId: IDS.face,
        lookAlikeDistance: 0.3,
      },
    ],
    recordScan: [IDS.media, 1, null],
    deleteAllFaceData: [],
    faceJobProgress: [],
    listItemSuggestions: [IDS.media],
    mediaExists: [IDS.media],
    deleteQueuedFaceJobs: [['face-scan', 'face-backfill']],
  } satisfies Samples<typeof faces>,

  folders: {
    getFolder: [IDS.folder],
    listFolders: [],
    createFolder: [{ name: 'Nýggj mappa', created_by: IDS.user }],
    renameFolder: [IDS.folder, 'Mappa 2'],
    countFolderMedia: [IDS.folder],
    deleteFolder: [IDS.none],
  } satisfies Samples<typeof folders>,

  gallery: {
    getPublicTotals: [],
    listPublicMedia: {
      cases: {
        newest: [{ sort: 'newest', limit: 24 }],
        'every filter, by date taken': [
          {
            search: 'havn',
            categoryId: IDS.category,
            mediaType: 'image',
            period: PERIOD,
            placeId: IDS.place,
            featuredOnly: true,
            sort: 'taken',
            limit: 24,
          },
        ],
      },
    },
    countTimeline: {
      cases: {
        'kept counts': [{ categoryId: IDS.category, mediaType: 'image' }],
        'a search': [{ search: 'havn', categoryId: IDS.category, mediaType: 'image', placeId: IDS.place }],
      },
    },
  } satisfies Samples<typeof gallery>,

  iiif: {
    getPublicImageSource: [IDS.media],
    listPublicManifestItems: [[IDS.media]],
    listManifestDerivatives: [[IDS.media]],
    getPublicSlideshow: [IDS.slideshow],
    listPublicSlideRefs: [IDS.slideshow],
    listPublicSlideshows: [],
    getPublicCategory: [IDS.category],
    listPublicCategoryRefs: [],
    listPublicItemsInCategory: {
      cases: {
        first: [IDS.category, 100, null],
        after: [IDS.category, 100, { createdAt: '2026-01-02 03:04:05.123456+00', id: IDS.media }],
      },
    },
    getSiteTitle: [],
  } satisfies Samples<typeof iiif>,

  knowledge: {
    createContribution: [{ media_id: IDS.media, who: 'Jóannes', contributor_name: 'Anna' }],
    getStaffContribution: [IDS.contribution],
    getContributionForUpdate: [IDS.contribution],
    updateContribution: [IDS.contribution, { status: 'accepted', reviewed_by: IDS.user, reviewed_at: DATE }],
    listContributions: [{ status: 'pending', q: 'jóannes' }, undefined, 50],
    countContributions: [],
    countPendingContributions: [],
    listCredits: [IDS.media],
    listOwnContributions: [IDS.user, 20],
    countOwnAccepted: [IDS.user],
  } satisfies Samples<typeof knowledge>,

  map: {
    sumKeptCells: [
      { window: WINDOW, shift: 2, periods: ['*'], categoryId: IDS.category, mediaType: 'image' },
    ],
    findOneInRanges: [
      [
        [0, 1000],
        [2000, 3000],
      ],
      { search: 'havn', categoryId: IDS.category, mediaType: 'image', period: PERIOD, placeId: IDS.place },
    ],
    listLocated: {
      cases: {
        'key ranges': [
          { window: WINDOW, ranges: [[0, 1000]], filters: { categoryId: IDS.category }, limit: 10_000 },
        ],
        'a search': [{ window: WINDOW, filters: { search: 'havn' }, limit: 10_000 }],
      },
    },
    getMapItemDetails: [[IDS.media]],
    listLocatedByTitle: [{ categoryId: IDS.category }, 50],
  } satisfies Samples<typeof map>,

  media: {
    getMedia: [IDS.media],
    moveQueuedViews: [500],
    getMediaFileInfo: [IDS.media],
    createMedia: [
      {
        title: 'Nýggj mynd',
        media_type: 'image',
        file_key: 'media/new.jpg',
        file_name: 'new.jpg',
        file_size: 1,
        mime_type: 'image/jpeg',
        sha256: SHA,
      },
    ],
    getMediaForUpdate: [IDS.media],
    updateMedia: [IDS.media, { description: 'Lýsing' }],
    recordView: { cases: { counted: [IDS.media, 'Mozilla/5.0'], 'not counted': [IDS.media, null, false] } },
    createUsage: [{ mediaId: IDS.media, action: 'download', userAgent: 'Mozilla/5.0', watermarked: true }],
    createMediaItems: [
      [
        {
          title: 'Mynd A',
          media_type: 'image',
          file_key: 'media/a.jpg',
          file_name: 'a.jpg',
          file_size: 1,
          mime_type: 'image/jpeg',
          sha256: SHA,
        },
        {
          title: 'Mynd B',
          media_type: 'image',
          file_key: 'media/b.jpg',
          file_name: 'b.jpg',
          file_size: 1,
          mime_type: 'image/jpeg',
          sha256: SHA,
        },
      ],
    ],
    listAdminMedia: {
      cases: {
        'newest (the kept count)': [{}, 'newest', undefined, 50],
        'one category (its kept count)': [{ category: IDS.category }, 'oldest', undefined, 50],
        'every filter, by title': [
          {
            q: 'mynd',
            category: IDS.category,
            folder: IDS.folder,
            place: IDS.place,
            isPublic: true,
            isFeatured: false,
            mediaType: 'image',
            originalDate: 'unread',
          },
          'title',
          undefined,
          50,
        ],
        'without category, folder or place': [
          { category: 'none', folder: 'none', place: 'none' },
          'featured',
          undefined,
          50,
        ],
      },
    },
    listAdminMediaPage: [{ q: 'mynd' }, 'views', undefined, 50],
    listMediaByDisplayIds: { cases: { plain: [['M-000001']], locked: [['M-000001'], true] } },
    updateMediaFromRecords: [['title', 'description'], [{ id: IDS.media, title: 'Mynd', description: null }]],
    listPlaceIdsByName: [],
    getMediaStats: [],
    getMediaMany: [[IDS.media]],
    updateMediaMany: [[IDS.media], { is_featured: true }],
    setPlaceMany: {
      cases: {
        'a place': [[IDS.media], { id: IDS.place, latitude: 62.01, longitude: -6.77 }],
        'no place': [[IDS.none], null],
      },
    },
    deleteMediaMany: [[IDS.none]],
  } satisfies Samples<typeof media>,

  oai: {
    listRecords: {
      cases: {
        all: [{}, 100],
        'a set, a range, after a page': [
          {
            from: '2026-01-01T00:00:00Z',
            before: '2026-02-01T00:00:00Z',
            categoryId: IDS.category,
            after: { datestamp: '2026-01-02T03:04:05.123456Z', id: IDS.media },
          },
          100,
        ],
      },
    },
    countRecords: {
      cases: {
        all: [{}],
        'a set and a range': [
          { from: '2026-01-01T00:00:00Z', before: '2026-02-01T00:00:00Z', categoryId: IDS.category },
        ],
      },
    },
    getRecord: [IDS.media],
    listSets: [],
    getPublicCategoryBySpec: ['category:C-000001'],
    getEarliestDatestamp: [],
  } satisfies Samples<typeof oai>,

  people: {
    createPerson: [{ name: 'Anna', born: '1901', note: 'Ljósmyndari', created_by: IDS.user }],
    getPerson: [IDS.person],
    getPersonForUpdate: [IDS.person],
    updatePerson: [IDS.person, { note: 'Onnur viðmerking' }],
    listMediaIdsOfPerson: [IDS.person],
    movePerson: [IDS.none, IDS.person],
    deletePerson: [IDS.none],
    getStaffPerson: [IDS.person],
    listPeople: { cases: { all: [undefined, undefined, 50], search: ['jóa', undefined, 50] } },
    createBox: [
      { media_id: IDS.media, person_id: IDS.person, x: 0.3, y: 0.3, w: 0.1, h: 0.1, source: 'staff' },
    ],
    getBoxForUpdate: [IDS.box],
    updateBox: [IDS.box, { status: 'confirmed' }],
    deleteBox: [IDS.none],
    listMediaBoxes: [IDS.media],
    listPublicBoxesOfItems: [[IDS.media, IDS.none]],
    getBox: [IDS.box],
    listPublicItemsOfPerson: [IDS.person, 100],
    publicPeopleNames: { fragment: ['m.id'] },
    listPublicNamedBoxes: [[IDS.media]],
    listPublicPeople: [1000],
    createSuggestion: [{ media_id: IDS.media, box_id: IDS.box, name: 'Jóannes', contributor_name: 'Anna' }],
    getSuggestionForUpdate: [IDS.suggestion],
    updateSuggestion: [IDS.suggestion, { status: 'accepted', reviewed_by: IDS.user, reviewed_at: DATE }],
    getStaffSuggestion: [IDS.suggestion],
    listSuggestions: [{ status: 'pending', q: 'jóa' }, undefined, 50],
    countSuggestions: [],
    listOwnSuggestions: [IDS.user, 50],
    countOwnAcceptedSuggestions: [IDS.user],
    countPendingSuggestions: [],
  } satisfies Samples<typeof people>,

  places: {
    listPlaces: [],
    getPlace: [IDS.place],
    getPlaceForUpdate: [IDS.place],
    getPlaceByName: { cases: { any: ['Dømisstaður'], 'another than': ['Dømisstaður', IDS.place] } },
    createPlace: [{ name_fo: 'Nýggjur staður', name_en: 'New place', latitude: 62.23, longitude: -6.59 }],
    updatePlace: [IDS.place, { name_en: 'Torshavn' }],
    deletePlace: [IDS.none],
    countItemsAtPlace: [IDS.place],
  } satisfies Samples<typeof places>,

  search: {
    findByDisplayId: ['M-000001'],
  } satisfies Samples<typeof search>,

  settings: {
    getSettings: [['site_title', 'site_description']],
    putSettings: [{ site_title: 'Savnið' }, IDS.user],
  } satisfies Samples<typeof settings>,

  sitemap: {
    listItemPages: [50_000],
    listItemsFrom: { cases: { first: [IDS.media, null, 1000], after: [IDS.media, IDS.media, 1000] } },
    listPublicSlideshows: [],
  } satisfies Samples<typeof sitemap>,

  slideshows: {
    getLatestPublicSlideshow: [],
    getSlideshow: [IDS.slideshow],
    listPublicSlides: [IDS.slideshow],
    createSlideshow: [{ title: 'Nýggj myndarøð', created_by: IDS.user }],
    createSlides: [[{ slideshow_id: IDS.slideshow, media_item_id: IDS.media, order_index: 1, duration: 5 }]],
    listExistingMediaIds: [[IDS.media, IDS.none]],
    listAdminSlideshows: { cases: { all: [{}, undefined, 50], search: [{ q: 'myndarøð' }, undefined, 50] } },
    listCoverItems: [[IDS.slideshow], 4],
    getSlideshowForUpdate: [IDS.slideshow],
    listAllSlides: [IDS.slideshow],
    listSlideIds: [IDS.slideshow],
    getMaxOrderIndex: [IDS.slideshow],
    updateSlideshow: [IDS.slideshow, { description: 'Lýsing' }],
    updateSlide: [IDS.slide, { order_index: 0, duration: 8, caption: 'Tekstur' }],
    deleteSlides: [[IDS.none]],
    deleteSlideshow: [IDS.none],
  } satisfies Samples<typeof slideshows>,

  submissions: {
    createSubmission: [
      {
        title: 'Nýggj sending',
        file_key: 'submissions/new.jpg',
        file_name: 'new.jpg',
        file_size: 1,
        mime_type: 'image/jpeg',
        media_type: 'image',
        sha256: SHA,
        submitted_by: IDS.user,
      },
    ],
    getSubmission: [IDS.submission],
    updateSubmissionReview: [
      IDS.submission,
      'pending',
      { status: 'rejected', review_notes: 'Dupult', reviewed_by: IDS.user },
    ],
    sumPendingSubmissionBytes: [],
    listPendingSubmissionsSince: [DATE],
    findDuplicates: [SHA],
    listOwnSubmissions: [IDS.user, 20],
    getContributorTotals: [IDS.user, 30],
    listSubmissions: {
      cases: {
        all: [{}, undefined, 50],
        'search and status': [{ q: 'sending', status: 'pending' }, undefined, 50],
      },
    },
    getStaffSubmission: [IDS.submission],
    countSubmissions: [7],
    deleteSubmissionDerivatives: [IDS.none],
    deleteSubmission: [IDS.none],
  } satisfies Samples<typeof submissions>,

  translations: {
    listTranslations: {
      cases: {
        all: [{}, undefined, 50],
        'every filter': [
          { q: 'dømi', status: 'complete', component: 'gallery', missingEnglish: true },
          undefined,
          50,
        ],
      },
    },
    listMessageTexts: [],
    getTranslationsVersion: [],
    getTranslation: [IDS.translation],
    createTranslation: [
      { key: 'sample.new', faroese_text: 'Nýtt', english_text: 'New', component: 'gallery' },
    ],
    updateTranslation: [IDS.translation, { english_text: 'Example', status: 'complete' }],
    deleteTranslation: [IDS.none],
    replaceFormerDefaults: [[{ key: 'sample.key', from: 'Dømi', to: 'Dømi 2' }]],
    createMissingTranslations: [[{ key: 'sample.missing', faroese_text: 'Vantar', english_text: 'Missing' }]],
    getTranslationStats: [],
  } satisfies Samples<typeof translations>,

  'resumable-uploads': {
    reserveUploadRoom: [
      {
        quotaKey: 'ip:127.0.0.1',
        pool: 'public',
        length: 1000,
        maxForKey: 10_000,
        maxArea: 100_000,
        idleBefore: DATE,
      },
    ],
    recordUpload: [
      {
        id: 'upload-1',
        quotaKey: 'ip:127.0.0.1',
        pool: 'public',
        size: 1000,
        received: true,
        replaces: 'reservation-1',
      },
    ],
    touchUpload: ['upload-1'],
    deleteUploadRow: ['upload-none'],
    listExpiredUploads: [{ untouchedSince: DATE, createdBefore: DATE, idleBefore: DATE }],
    deleteReservationsBefore: [DATE],
  } satisfies Samples<typeof resumableUploads>,

  uploads: {
    createUploadClaim: ['upload-1'],
    deleteUploadClaim: ['upload-none'],
    markUploadClaimSent: ['upload-1'],
    releaseUnsentUploadClaims: { cases: { all: [], 'claimed before': [DATE] } },
    deleteUploadClaimsBefore: [DATE],
  } satisfies Samples<typeof uploads>,

  users: {
    getUser: [IDS.user],
    getUserByEmail: ['staff@example.org'],
    hasAdmin: [],
    updateUserActive: { cases: { deactivate: [IDS.none, false], activate: [IDS.none, true] } },
    lockActiveAdminIds: [],
    updateUserRole: [IDS.user, 'admin'],
    mergeUserPreferences: [IDS.user, { notifySubmissions: true }],
    listStaffNotifiedOfSubmissions: [],
    updateUserSignedIn: [IDS.user],
    listUsers: {
      cases: {
        newest: [{}, 'newest', undefined, 50],
        'search, staff, by name': [{ q: 'staff', role: 'staff' }, 'name', undefined, 50],
        'one role': [{ role: 'editor' }, 'oldest', undefined, 50],
      },
    },
    getUserWithUploads: [IDS.user],
    getUserStats: [],
    updateUserProfile: [IDS.user, { full_name: 'Staff', bio: 'Um meg', is_public_profile: true }],
    deleteUser: [IDS.none],
    clearBlankNames: [],
    countUsersWithoutPassword: [],
  } satisfies Samples<typeof users>,

  'rate-limits': {
    updateRateLimitCount: ['login:127.0.0.1', 1_767_322_000_000, 1_767_321_940_000],
    deleteRateLimitsBefore: ['login:', 1_767_321_940_000],
    getRateLimitCount: ['login:127.0.0.1', 1_767_321_940_000],
    deleteRateLimit: ['login:127.0.0.1'],
  } satisfies Samples<typeof rateLimits>,

  import: {
    findMediaBySha256: [SHA],
    findDocumentBySha256: [SHA],
    getFolderIdByName: ['Mappa'],
    getCategoryIdByName: ['Bólkur'],
    getPlaceIdByName: ['dømisstaður'],
    listFinished: [['M-000001']],
    getAccountByEmail: ['staff@example.org'],
    getOldestActiveAdmin: [],
  } satisfies Samples<typeof imports>,

  jobs: {
    createJob: {
      cases: {
        now: ['send-mail', { to: 'staff@example.org' }],
        later: ['send-mail', { to: 'staff@example.org' }, { maxAttempts: 3, runAt: DATE }],
      },
    },
    claimJob: [['send-mail'], 1],
    completeJob: ['1'],
    failJob: {
      cases: {
        retry: [{ id: '1', kind: 'send-mail', payload: {}, attempts: 1, max_attempts: 5 }, 'timeout', 30],
        'no retry': [
          { id: '1', kind: 'send-mail', payload: {}, attempts: 1, max_attempts: 5 },
          'refused',
          null,
        ],
      },
    },
    requeueOrphanedJobs: [1, 600],
    requeueAllRunningJobs: [],
    deleteFinishedJobs: [86_400],
    hasQueuedJob: ['send-mail'],
  } satisfies Samples<typeof jobs>,

  derivatives: {
    listDerivatives: ['media', IDS.media],
    listDerivativesOf: ['media', [IDS.media]],
    getDerivative: ['media', IDS.media, 'thumb'],
    replaceDerivatives: ['media', IDS.media, [DERIVATIVE], ['playable']],
    putDerivative: [
      'media',
      IDS.media,
      { ...DERIVATIVE, variant: 'display', fileKey: 'derivatives/sample/display.webp' },
    ],
    getDerivativeSource: {
      cases: {
        'an item': [{ ownerType: 'media', ownerId: IDS.media }],
        'a submission': [{ ownerType: 'submission', ownerId: IDS.submission }],
      },
    },
    setProcessing: {
      cases: {
        'an item': [
          { ownerType: 'media', ownerId: IDS.media },
          { processing_status: 'ready', processing_error: null },
        ],
        'a submission': [
          { ownerType: 'submission', ownerId: IDS.submission },
          { processing_status: 'failed', processing_error: 'unreadable' },
        ],
      },
    },
    listDerivativeSizes: ['media', [IDS.media], ['display', 'poster']],
  } satisfies Samples<typeof derivatives>,

  'playable-copies': {
    queuePlayableCopy: [IDS.media],
    setPlayableCopy: [IDS.media, { status: 'running', progress: 0 }],
    setPlayableProgress: [IDS.media, 0.5],
    deletePlayableCopy: [IDS.none],
    listPlayableCopiesOf: [[IDS.media]],
  } satisfies Samples<typeof playableCopies>,

  demo: {
    countMedia: [],
    getCategoryIdByName: ['Bólkur'],
    getOldestActiveAdmin: [],
    listMediaProcessing: [[IDS.media]],
    listMediaTypes: [[IDS.media]],
    countMediaByType: [[IDS.media]],
    deleteSeededRows: [
      {
        userId: IDS.none,
        categoryIds: [IDS.none],
        mediaIds: [IDS.none],
        documentId: IDS.none,
        slideshowId: IDS.none,
      },
    ],
  } satisfies Samples<typeof demo>,

  'near-duplicates': {
    hashAsBigint: { notSql: 'turns a hash into the text of a bigint' },
    bandProbes: { notSql: 'the values findNearDuplicates probes each band with' },
    findNearDuplicates: [HASHES, { threshold: 7, cap: 200, excludeId: IDS.none, limit: 10 }],
    nearDuplicatesQuery: { fragment: [HASHES, { threshold: 7, cap: 200 }] },
    listUnhashedImages: { cases: { first: [100], after: [100, IDS.media] } },
    setMediaHashes: [IDS.media, HASHES],
    setSubmissionHashes: [IDS.submission, HASHES],
  } satisfies Samples<typeof nearDuplicates>,
};
