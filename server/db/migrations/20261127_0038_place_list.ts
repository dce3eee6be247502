import { type Kysely, sql } from 'kysely';

/**
 * Issue 28 §3: the list of places starts from the towns and villages of the Faroe Islands, and the
 * public list of places is an answer kept until the public content changes (server/db/data-versions.ts),
 * so a change to `places` moves the version like a change to the categories does.
 *
 * Source (read, not remembered): OpenStreetMap, © OpenStreetMap contributors, licensed under the Open
 * Database License 1.0 (https://www.openstreetmap.org/copyright), as extracted on 2019-09-11 into
 * `Europe/faroe-islands.sqlite.zip` of github.com/ObiWanLansi/GeoData (commit 3f600c7e, the table
 * `NODE`: every node tagged `place=town` or `place=village`, and `place=hamlet` where OpenStreetMap
 * records a population above 0, which keeps Mykines, Múli, Norðradalur, Skarvanes and Ánirnar and
 * leaves out farms, parts of villages and an islet). Each row keeps its node's id in `source`.
 * Names are OpenStreetMap's `name` (Faroese, with its letters); the English name is its `name:en`
 * where it has one (only Tórshavn, which is "Tórshavn" there too), else the Faroese name, which is
 * what English writing uses for Faroese villages. Where two nodes share a name we keep it unique:
 * the two Syðradalur get their island in brackets (ours), and of the two nodes named Nes on
 * Eysturoy 1 km apart (the same village twice) we keep the one OpenStreetMap calls "Nes (Eysturoy)"
 * with its population, beside Nes on Suðuroy. 119 places.
 */
/** Tables of this migration whose changes move the public content's version (migration 0031). */
export const PLACES_VERSIONED_TABLES = ['places'] as const;

export const PLACES_SOURCE = 'OpenStreetMap (© OpenStreetMap contributors, ODbL 1.0)';

/** [Faroese name, English name, latitude, longitude, OpenStreetMap node id] */
export const FAROESE_PLACES: readonly (readonly [string, string, number, number, number])[] = [
  ['Akrar', 'Akrar', 61.455746, -6.7590335, 29023724],
  ['Argir', 'Argir', 61.9973085, -6.7792802, 4268001599],
  ['Bøur', 'Bøur', 62.0863166, -7.3696034, 29023728],
  ['Dalur', 'Dalur', 61.7843221, -6.6785038, 29023729],
  ['Depil', 'Depil', 62.2866388, -6.5299448, 29023730],
  ['Dímun', 'Dímun', 61.6849993, -6.7558718, 29023731],
  ['Eiði', 'Eiði', 62.3004264, -7.0894368, 29023732],
  ['Elduvík', 'Elduvík', 62.2814177, -6.911594, 29023733],
  ['Froðba', 'Froðba', 61.547, -6.771, 29023735],
  ['Fuglafjørður', 'Fuglafjørður', 62.2440229, -6.8141971, 29023736],
  ['Funningsfjørður', 'Funningsfjørður', 62.2378291, -6.929513, 29023737],
  ['Funningur', 'Funningur', 62.2869145, -6.9680448, 29023738],
  ['Fámjin', 'Fámjin', 61.524861, -6.8786368, 29023734],
  ['Gjógv', 'Gjógv', 62.3248617, -6.9482437, 29023741],
  ['Glyvrar', 'Glyvrar', 62.1308047, -6.725463, 29023740],
  ['Gásadalur', 'Gásadalur', 62.1103123, -7.4376606, 29023739],
  ['Gøtueiði', 'Gøtueiði', 62.175498, -6.7689894, 29023743],
  ['Gøtugjógv', 'Gøtugjógv', 62.1918816, -6.7487103, 29023742],
  ['Haldórsvík', 'Haldórsvík', 62.2753575, -7.0946932, 29023745],
  ['Haraldssund', 'Haraldssund', 62.2700463, -6.6026952, 29023744],
  ['Hattarvík', 'Hattarvík', 62.3294992, -6.2750044, 29023747],
  ['Hellurnar', 'Hellurnar', 62.263, -6.844, 29023746],
  ['Hestur', 'Hestur', 61.9555541, -6.8832973, 29023749],
  ['Hov', 'Hov', 61.508, -6.757, 29023751],
  ['Hoyvík', 'Hoyvík', 62.0329436, -6.7766308, 5413932401],
  ['Hvalba', 'Hvalba', 61.6003139, -6.9585472, 29023755],
  ['Hvalvík', 'Hvalvík', 62.1852058, -7.0298446, 29023754],
  ['Hvannasund', 'Hvannasund', 62.29727, -6.5196605, 29023758],
  ['Hvítanes', 'Hvítanes', 62.04462, -6.7735567, 29023759],
  ['Hósvík', 'Hósvík', 62.1514776, -6.9467985, 29023748],
  ['Húsar', 'Húsar', 62.2649365, -6.6962228, 29023753],
  ['Húsavík', 'Húsavík', 61.8091316, -6.6806446, 29023752],
  ['Innan Glyvur', 'Innan Glyvur', 62.1366229, -6.7595184, 29023756],
  ['Kaldbak', 'Kaldbak', 62.0610657, -6.8287134, 29023757],
  ['Kaldbaksbotnur', 'Kaldbaksbotnur', 62.0658051, -6.9127792, 29023762],
  ['Kirkja', 'Kirkja', 62.3182463, -6.316458, 29023763],
  ['Kirkjubøur', 'Kirkjubøur', 61.954477, -6.7972372, 29023760],
  ['Klaksvík', 'Klaksvík', 62.2266084, -6.5852705, 29023761],
  ['Kolbeinagjógv', 'Kolbeinagjógv', 62.1093293, -6.7891679, 302103177],
  ['Kollafjørður', 'Kollafjørður', 62.1174658, -6.9036589, 29023766],
  ['Koltur', 'Koltur', 61.986192, -6.9684229, 29023767],
  ['Kunoy', 'Kunoy', 62.2917787, -6.6687901, 29023764],
  ['Kvívík', 'Kvívík', 62.1190508, -7.0756776, 29023765],
  ['Lamba', 'Lamba', 62.1415971, -6.7099794, 29023770],
  ['Lambareiði', 'Lambareiði', 62.1395301, -6.730353, 302100309],
  ['Langasandur', 'Langasandur', 62.2298945, -7.0486355, 29023771],
  ['Leirvík', 'Leirvík', 62.2094687, -6.7076969, 29023768],
  ['Leynar', 'Leynar', 62.1179279, -7.0413118, 29023769],
  ['Ljósá', 'Ljósá', 62.2674624, -7.0617676, 29023775],
  ['Lopra', 'Lopra', 61.4435538, -6.7710111, 29023774],
  ['Mikladalur', 'Mikladalur', 62.335, -6.766, 29023772],
  ['Miðvágur', 'Miðvágur', 62.051, -7.193, 29023773],
  ['Morskranes', 'Morskranes', 62.1291227, -6.8352996, 302103675],
  ['Mykines', 'Mykines', 62.1035657, -7.6443399, 29023778],
  ['Múli', 'Múli', 62.3511245, -6.5821199, 485658132],
  ['Nes', 'Nes', 61.4718123, -6.762029, 302100442],
  ['Nes (Eysturoy)', 'Nes (Eysturoy)', 62.0740547, -6.7213099, 29023777],
  ['Nesvík', 'Nesvík', 62.2162463, -7.0203885, 302103991],
  ['Norðdepil', 'Norðdepil', 62.29567, -6.527047, 302101392],
  ['Norðoyri', 'Norðoyri', 62.2123327, -6.5411128, 29023783],
  ['Norðradalur', 'Norðradalur', 62.04111, -6.9287626, 541335094],
  ['Norðragøta', 'Norðragøta', 62.2, -6.74, 29023782],
  ['Norðskáli', 'Norðskáli', 62.2192052, -7.0104449, 302103672],
  ['Norðtoftir', 'Norðtoftir', 62.2754871, -6.5156844, 302103265],
  ['Nólsoy', 'Nólsoy', 62.0095954, -6.6743731, 302104829],
  ['Oyndarfjørður', 'Oyndarfjørður', 62.278519, -6.8571077, 29023781],
  ['Oyrarbakki', 'Oyrarbakki', 62.202568, -6.9971948, 302103914],
  ['Oyrareingir', 'Oyrareingir', 62.0993728, -6.9495914, 302102771],
  ['Oyri', 'Oyri', 62.1910124, -6.9864143, 29023780],
  ['Porkeri', 'Porkeri', 61.483, -6.743, 29023787],
  ['Rituvík', 'Rituvík', 62.1049963, -6.6870655, 29023786],
  ['Runavík', 'Runavík', 62.1075979, -6.7210814, 29023785],
  ['Saksun', 'Saksun', 62.2465585, -7.1777219, 559626795],
  ['Saltangará', 'Saltangará', 62.1169179, -6.7188176, 29023792],
  ['Saltnes', 'Saltnes', 62.1089748, -6.7425141, 29023793],
  ['Sandavágur', 'Sandavágur', 62.0539859, -7.1525739, 29023794],
  ['Sandur', 'Sandur', 61.8348155, -6.8175826, 29023795],
  ['Sandvík', 'Sandvík', 61.632964, -6.9289986, 29023788],
  ['Selatrað', 'Selatrað', 62.159, -6.878, 29023789],
  ['Signabøur', 'Signabøur', 62.0959738, -6.9249126, 302103183],
  ['Skarvanes', 'Skarvanes', 61.7936323, -6.7475006, 29023801],
  ['Skipanes', 'Skipanes', 62.1736068, -6.7706103, 29023802],
  ['Skopun', 'Skopun', 61.9037828, -6.8866676, 29023803],
  ['Skála', 'Skála', 62.1574049, -6.7816595, 29023800],
  ['Skálabotnur', 'Skálabotnur', 62.1947781, -6.8581712, 29023790],
  ['Skálavík', 'Skálavík', 61.8297213, -6.6658461, 29023791],
  ['Skælingur', 'Skælingur', 62.096, -7.007, 29023797],
  ['Skúvoy', 'Skúvoy', 61.7706823, -6.8066251, 29023796],
  ['Slættanes', 'Slættanes', 62.1551788, -7.2440947, 302102313],
  ['Strendur', 'Strendur', 62.1076322, -6.7655783, 29023798],
  ['Streymnes', 'Streymnes', 62.1930014, -7.0320041, 29023799],
  ['Stykkið', 'Stykkið', 62.117, -7.048, 29023809],
  ['Sumba', 'Sumba', 61.403037, -6.7131262, 29023808],
  ['Sund', 'Sund', 62.0489229, -6.845594, 29023811],
  ['Svínoy', 'Svínoy', 62.2781765, -6.3421026, 29023805],
  ['Svínáir', 'Svínáir', 62.2297533, -7.0257339, 29023810],
  ['Syðradalur (Kalsoy)', 'Syðradalur (Kalsoy)', 62.2452238, -6.6672734, 29023804],
  ['Syðradalur (Streymoy)', 'Syðradalur (Streymoy)', 62.0186786, -6.9114463, 29023807],
  ['Syðrugøta', 'Syðrugøta', 62.1862239, -6.754854, 29023806],
  ['Søldarfjørður', 'Søldarfjørður', 62.16, -6.751, 29023817],
  ['Sørvágur', 'Sørvágur', 62.0716758, -7.309821, 29023816],
  ['Tjørnuvík', 'Tjørnuvík', 62.2889614, -7.1487437, 29023819],
  ['Toftir', 'Toftir', 62.0933824, -6.7363927, 29023818],
  ['Trongisvágur', 'Trongisvágur', 61.564, -6.844, 29023812],
  ['Trøllanes', 'Trøllanes', 62.3614397, -6.7891476, 29023815],
  ['Tvøroyri', 'Tvøroyri', 61.556, -6.803, 29023814],
  ['Tórshavn', 'Tórshavn', 62.012, -6.768, 29023813],
  ['Vatnsoyrar', 'Vatnsoyrar', 62.074, -7.248, 29023827],
  ['Velbastaður', 'Velbastaður', 61.9830528, -6.8540795, 29023824],
  ['Vestmanna', 'Vestmanna', 62.156, -7.166, 29023825],
  ['Viðareiði', 'Viðareiði', 62.36, -6.533, 29023822],
  ['Vágur', 'Vágur', 61.475, -6.807, 29023826],
  ['Válur', 'Válur', 62.1498741, -7.1518011, 302100658],
  ['Víkar', 'Víkar', 62.1265719, -7.3793823, 302100265],
  ['Víkarbyrgi', 'Víkarbyrgi', 61.4420005, -6.7268448, 29023823],
  ['Ánirnar', 'Ánirnar', 62.2542456, -6.5787155, 29023725],
  ['Árnafjørður', 'Árnafjørður', 62.255, -6.533, 29023727],
  ['Æðuvík', 'Æðuvík', 62.07, -6.69, 29023820],
  ['Ørðavík', 'Ørðavík', 61.5338099, -6.8134958, 29023821],
];

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema
export async function up(db: Kysely<any>): Promise<void> {
  await db
    .insertInto('places')
    .values(
      FAROESE_PLACES.map(([nameFo, nameEn, latitude, longitude, node]) => ({
        name_fo: nameFo,
        name_en: nameEn,
        latitude,
        longitude,
        source: `OpenStreetMap node ${node} (© OpenStreetMap contributors, ODbL 1.0)`,
      })),
    )
    .execute();
  await sql`create constraint trigger places_data_version
    after insert or update or delete on places
    deferrable initially deferred
    for each row execute function bump_data_version()`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger places_data_version on places`.execute(db);
  await sql`delete from places where source like 'OpenStreetMap node %' and created_by is null`.execute(db);
}
