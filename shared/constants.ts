/** Business constants of docs/design.md, "Constants". Runtime-tunable ones are defaults of the settings item (see schemas/settings.ts). */
export const CURRENCY = 'IDR';
export const LOCALE = 'id-ID';

/** Rupiah per litre; with integer rupiah this makes one millilitre cost exactly Rp 1. */
export const PRICE_PER_LITRE_IDR = 1000;
/** One point is Rp 100 (0.1 L); 10 points are one litre. */
export const RUPIAH_PER_POINT = 100;
export const MIN_TOPUP_IDR = 10_000;
/** A sanity ceiling per top-up (the e-wallets' own per-transaction limits are about this size). */
export const MAX_TOPUP_IDR = 10_000_000;
export const MIN_BALANCE_TO_VEND_POINTS = 20;
export const TOPUP_PRESETS_IDR = [25_000, 50_000, 100_000] as const;
export const DEFAULT_TOPUP_IDR = 50_000;

/**
 * Longest a station stays silent: it reports on change (a water-level step, a quality alarm, after a vend) and at
 * least this often (docs/stations.md, Heartbeats). Presence events still mark a disconnect at once.
 */
export const HEARTBEAT_INTERVAL_SECONDS = 300;
/** A water-level move of at least this many percent points is a change worth a heartbeat at once. */
export const HEARTBEAT_WATER_STEP_PERCENT = 5;
/** A move of the water's TDS this large (ppm) is a change worth a heartbeat at once. */
export const HEARTBEAT_TDS_STEP_PPM = 25;
/**
 * The IoT rule stations publish heartbeats to through Basic Ingest (`$aws/rules/<name>/stations/<id>/heartbeat`: no
 * messaging charge, no broker). Firmware knows it, so it is one name per AWS account and region (docs/stations.md).
 */
export const HEARTBEAT_INGEST_RULE = 'bali_refill_heartbeats';
/** A station is online while its last heartbeat is younger than this many intervals. */
export const HEARTBEATS_UNTIL_OFFLINE = 3;
/** Largest volume one vend may hold for unless the machine says otherwise (a 1.5 L bottle). */
export const DEFAULT_MAX_FILL_ML = 1500;
/** The fill sizes the station page offers (millilitres); "fill my bottle" asks for the station's maximum. */
export const GUEST_FILL_SIZES_ML = [500, 1000, 1500] as const;
export const VEND_TOKEN_EXPIRY_SECONDS = 60;
export const NFC_TOKEN_EXPIRY_SECONDS = 300;
/** What an NFC token reserves for a station that has lost its connection: this many millilitres at the fleet's highest price (docs/architecture.md, "Offline vends"). */
export const OFFLINE_ALLOWANCE_ML = 1500;
/**
 * How long after an NFC token's expiry its unused reservation stays held, for an offline station's completion to
 * settle against it when it reconnects; later completions are charged late (docs/architecture.md, "Offline vends").
 */
export const OFFLINE_SETTLEMENT_WINDOW_MINUTES = 30;
/** A refill paid in the app starts at the station only if the payment settles within this long; later, the money stays in the wallet. */
export const PAID_VEND_CUTOFF_SECONDS = 120;
/**
 * A guest's refill whose session expired unreported is refunded in full once its station reports again, or after
 * this long when it stays silent (a station back later reports what it dispensed first: docs/payments.md, "Guest orders").
 */
export const GUEST_REFUND_GRACE_HOURS = 24;
/**
 * The query parameters of the pages the payment gateway's return opens (functions/wallet/domain/payment-orders.ts,
 * returnPathOf): the station page back from a guest's payment, the app's home with the top-up to follow.
 */
export const PAYMENT_RETURN_PARAMS = { station: 'returned', topup: 'topup' } as const;
/** Clock difference a station accepts when it checks a vend token's nbf and exp (docs/station-protocol.md). */
export const VEND_TOKEN_LEEWAY_SECONDS = 30;

/** Impact: a refill replaces 500 ml bottles; CO2 per bottle from the settings default. */
export const BOTTLE_LITRES = 0.5;
export const CO2_KG_PER_BOTTLE = 0.0828;
export const IMPACT_TOP_PERCENT_BOTTLES = 50;

export const LANDING_ONLINE_STATIONS = 4;
export const RECENT_TRANSACTIONS = 3;
export const NEARBY_MACHINES = 3;
export const ADMIN_USERS_PAGE = 10;
export const ADDRESS_SEARCH_MIN_CHARS = 3;
export const ADDRESS_SEARCH_RESULTS = 5;
export const ADDRESS_PLACE_NAMES = ['Bali', 'Badung', 'Denpasar', 'Ubud', 'Canggu', 'Seminyak', 'Sanur', 'Kuta'] as const;

export const GREETING_AFTERNOON_HOUR = 12;
export const GREETING_EVENING_HOUR = 18;
export const NOTIFICATION_BADGE = 2;

export const TIMING_MS = {
  hostSuccessBanner: 5000,
  addMachineClose: 2000,
  simpleLoginRedirect: 1000,
  megaMenuFade: 200,
  tooltipDelay: 700,
  tooltipSkipDelay: 300,
  toast: 5000,
} as const;
export const TOAST_LIMIT = 1;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = 'F8';
export const TOAST_MAX_WIDTH_PX = 420;

export const MAP_DEFAULTS = { latitude: -8.6476, longitude: 115.1369, zoom: 12, maxZoom: 19 } as const;
export const EARTH_RADIUS_KM = 6371;

/**
 * Hosts (docs/architecture.md, "Roles"): the share of a station's revenue its host earns, in percent (a settings
 * default, hostRevenueSharePercent); the report rounds each month's share to the rupiah.
 */
export const HOST_REVENUE_SHARE_PERCENT = 10;

/**
 * A technician checks in only this close to the station (metres, great-circle from the phone's reported position to
 * the station's coordinates; docs/stations.md, "Check-in"). Phone GPS outdoors is good to some tens of metres.
 */
export const CHECK_IN_MAX_DISTANCE_METRES = 150;

/**
 * Today's route orders stops by straight-line (great-circle) distance times this factor, an estimate of how much
 * longer Bali's roads are than the straight line; there is no road-routing service (docs/stations.md, "Today's route").
 */
export const ROAD_DISTANCE_FACTOR = 1.4;

export const AREAS = ['Seminyak', 'Canggu', 'Ubud', 'Denpasar', 'Sanur'] as const;

/**
 * The kinds of place of the public menu's "Station Types" (docs/design.md, "Shared public header and menus"), in its
 * order: Beach Stations, Mall Locations, Market Areas, Tourist Spots, Co-working Spaces.
 */
export const STATION_TYPES = ['beach', 'mall', 'market', 'tourist', 'cowork'] as const;

export const DEFAULT_FEATURES = ['NFC Payment', 'Mobile App', 'Water Quality Monitor'] as const;
export const COPYRIGHT_YEAR = 2025;

/** Marketing figures (fixed text, not data); the landing page and About page differ on purpose. */
export const LANDING_FIGURES = { bottlesSaved: '15K+', satisfaction: '95%' } as const;
export const ABOUT_FIGURES = {
  bottlesSaved: '50,000+',
  plasticTons: '2.5 tons',
  waterDispensed: '125,000L',
  co2Reduced: '15 Tons',
  locations: '6 Locations',
} as const;

/** Alert rules (settings defaults; 0 turns a rule off): docs/architecture.md, "Alerts". */
export const ALERT_OFFLINE_MINUTES = 15;
export const ALERT_WATER_LEVEL_PERCENT = 15;
export const ALERT_TDS_MAX_PPM = 300;
/** Hours without a vend at a station that keeps reporting (online) before an alert. */
export const ALERT_NO_VEND_HOURS = 12;
/** Filter life left (percent) below which a station's filter is due for a change. */
export const ALERT_FILTER_LIFE_PERCENT = 10;
/** Share of a station's vend attempts that failed (percent, over at least ALERT_VEND_FAILURE_WINDOW attempts). */
export const ALERT_VEND_FAILURE_PERCENT = 25;
export const ALERT_VEND_FAILURE_WINDOW = 10;
/** Messages waiting in the dead-letter queues from which an alert opens. */
export const ALERT_DEAD_LETTER_MESSAGES = 1;
/** An alert nobody acknowledged is e-mailed again this often. */
export const ALERT_REPEAT_MINUTES = 60;

/**
 * Water safety locks (settings defaults; 0 turns one off): TDS above 500 mg/L (Indonesia's drinking water limit,
 * Permenkes 492/2010), and a sanitation visit at least every 30 days.
 */
export const SAFETY_TDS_MAX_PPM = 500;
export const SANITATION_INTERVAL_DAYS = 30;


/**
 * The public station list as a file at the edge (docs/scale.md, "The station list from the edge"): rewritten every
 * minute by functions/stations/publish-station-list.ts into its own bucket, served by CloudFront under this path with
 * a short max-age and an ETag (a 304 when unchanged), so a public page view reads nothing from DynamoDB.
 */
export const STATION_LIST_SNAPSHOT_PATH = '/data/stations.json';
/**
 * The contract as OpenAPI (the document GET /api/openapi.json answers), written beside the web app at build time: the
 * API docs and diagram pages read it as data instead of shipping the route table and zod (docs/architecture.md,
 * "Router-free first render").
 */
export const OPENAPI_DOCUMENT_PATH = '/openapi.json';
/** How long browsers and CloudFront keep the station list file before asking again (with its ETag). */
export const STATION_LIST_MAX_AGE_SECONDS = 15;

/**
 * The pages rendered to HTML at build time (docs/architecture.md, "Prerendered public pages"), each path with the file
 * of the build that holds it. index.html stays the empty shell every other path falls back to. The files sit beside
 * index.html as <name>.html so that the service worker's precache finds /about as /about.html by itself. A `$name`
 * segment stands for any one segment without a dot (shared/page-paths.ts): every station's sticker page is the one
 * frame of station.html, which the station's data fills in the browser; every receipt is receipt.html, its rows
 * without their values; the signed-in app's home is app.html, filled with the person signed in.
 */
export const PRERENDERED_PAGES: Readonly<Record<string, string>> = {
  '/': 'home.html',
  '/stations': 'stations.html',
  '/about': 'about.html',
  '/docs': 'docs.html',
  '/diagram': 'diagram.html',
  '/user-flow': 'user-flow.html',
  '/api-docs': 'api-docs.html',
  '/signin': 'signin.html',
  '/signup': 'signup.html',
  '/forgot-password': 'forgot-password.html',
  '/host': 'host.html',
  '/s/$id': 'station.html',
  '/r/$receiptId': 'receipt.html',
  '/app': 'app.html',
};

/**
 * A remote command's execution still queued this long at a station that is not connected times out (the sweep; IoT
 * Jobs' timeoutConfig covers only executions in progress): docs/stations.md, "Remote commands".
 */
export const COMMAND_QUEUED_EXPIRY_HOURS = 24;
