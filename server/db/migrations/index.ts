import type { Migration } from 'kysely';
import * as initial from './20261122_0001_initial.ts';
import * as mediaPipeline from './20261122_0002_media_pipeline.ts';
import * as submissionDuplicates from './20261122_0003_submission_duplicates.ts';
import * as mediumDerivative from './20261122_0004_medium_derivative.ts';
import * as backOfficeGroundwork from './20261122_0005_back_office_groundwork.ts';
import * as publicTotals from './20261123_0006_public_totals.ts';
import * as adminListIndexes from './20261123_0007_admin_list_indexes.ts';
import * as staffTotals from './20261123_0008_staff_totals.ts';
import * as galleryIndexes from './20261123_0009_gallery_indexes.ts';
import * as jobWorkerLiveness from './20261123_0010_job_worker_liveness.ts';
import * as uploadClaimSent from './20261123_0011_upload_claim_sent.ts';
import * as resumableUploads from './20261123_0012_resumable_uploads.ts';
import * as adminSearchIndex from './20261123_0013_admin_search_index.ts';
import * as activityNamesWithoutAddresses from './20261125_0014_activity_names_without_addresses.ts';
import * as uploadPools from './20261125_0015_upload_pools.ts';
import * as mediaFileSalt from './20261125_0016_media_file_salt.ts';
import * as confirmedAddresses from './20261125_0017_confirmed_addresses.ts';
import * as rightsStatements from './20261125_0018_rights_statements.ts';
import * as oaiTombstones from './20261125_0019_oai_tombstones.ts';
import * as mediaDuration from './20261125_0020_media_duration.ts';
import * as originalDateUnderstood from './20261125_0022_original_date_understood.ts';
import * as dataVersions from './20261127_0031_data_versions.ts';
import * as playableCopies from './20261127_0032_playable_copies.ts';
import * as timelineCounts from './20261127_0033_timeline_counts.ts';
import * as contributions from './20261127_0035_contributions.ts';
import * as perceptualHashes from './20261127_0036_perceptual_hashes.ts';
import * as places from './20261127_0037_places.ts';
import * as placeList from './20261127_0038_place_list.ts';
import * as mapCells from './20261127_0039_map_cells.ts';
import * as people from './20261127_0040_people.ts';
import * as faces from './20261127_0041_faces.ts';
import * as versionedContributions from './20261127_0042_versioned_contributions.ts';
import * as peopleInSearch from './20261127_0043_people_in_search.ts';
import * as quietViews from './20261127_0044_quiet_views.ts';
import * as sha256Oldest from './20261128_0045_sha256_oldest.ts';
import * as jobsInOrder from './20261128_0046_jobs_in_order.ts';
import * as privateDerivatives from './20261129_0047_private_derivatives.ts';

/** Every migration, in order. Listed statically so the server needs no directory scan. */
export const migrations: Record<string, Migration> = {
  '20261122_0001_initial': initial,
  '20261122_0002_media_pipeline': mediaPipeline,
  '20261122_0003_submission_duplicates': submissionDuplicates,
  '20261122_0004_medium_derivative': mediumDerivative,
  '20261122_0005_back_office_groundwork': backOfficeGroundwork,
  '20261123_0006_public_totals': publicTotals,
  '20261123_0007_admin_list_indexes': adminListIndexes,
  '20261123_0008_staff_totals': staffTotals,
  '20261123_0009_gallery_indexes': galleryIndexes,
  '20261123_0010_job_worker_liveness': jobWorkerLiveness,
  '20261123_0011_upload_claim_sent': uploadClaimSent,
  '20261123_0012_resumable_uploads': resumableUploads,
  '20261123_0013_admin_search_index': adminSearchIndex,
  '20261125_0014_activity_names_without_addresses': activityNamesWithoutAddresses,
  '20261125_0015_upload_pools': uploadPools,
  '20261125_0016_media_file_salt': mediaFileSalt,
  '20261125_0017_confirmed_addresses': confirmedAddresses,
  '20261125_0018_rights_statements': rightsStatements,
  '20261125_0019_oai_tombstones': oaiTombstones,
  '20261125_0020_media_duration': mediaDuration,
  '20261125_0022_original_date_understood': originalDateUnderstood,
  '20261127_0031_data_versions': dataVersions,
  '20261127_0032_playable_copies': playableCopies,
  '20261127_0033_timeline_counts': timelineCounts,
  '20261127_0035_contributions': contributions,
  '20261127_0036_perceptual_hashes': perceptualHashes,
  '20261127_0037_places': places,
  '20261127_0038_place_list': placeList,
  '20261127_0039_map_cells': mapCells,
  '20261127_0040_people': people,
  '20261127_0041_faces': faces,
  '20261127_0042_versioned_contributions': versionedContributions,
  '20261127_0043_people_in_search': peopleInSearch,
  '20261127_0044_quiet_views': quietViews,
  '20261128_0045_sha256_oldest': sha256Oldest,
  '20261128_0046_jobs_in_order': jobsInOrder,
  '20261129_0047_private_derivatives': privateDerivatives,
};
