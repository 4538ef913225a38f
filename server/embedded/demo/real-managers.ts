/**
 * The real 13F filers whose filings ship in `data/13f`, as the demo CRM knows them: each one is
 * an account of the CRM, named as it files, with one strategy its 13F rows are matched to. So
 * every link from a 13F row into the CRM modules (holdings, history, updates, presentations)
 * starts from a real filer, and no invented filer stands beside them.
 *
 * Name and CIK are the manifests' (a test checks them). The rest is what a CRM would hold about
 * the firm: its kind, the metro of its head office, and as AUM the total value of its latest
 * 13F filing in the data (data/13f/README.md), rounded to millions; that is the 13F long value,
 * not the firm's own AUM, which no filing here states. Contacts, ratings and owners remain the
 * demo's invention; the contacts' addresses are on `.example` domains so that none looks like a
 * real address at a real firm.
 */
import type { AccountType } from './crm.ts';

export interface RealManager {
  /** The folder under `data/13f`. */
  readonly slug: string;
  /** As the filings name the filer (the manifest's `filer`). */
  readonly name: string;
  /** Ten digits, as SEC writes them (the manifest's `cik`). */
  readonly cik: string;
  /** The short name the firm goes by: strategies and e-mail domains are made from it. */
  readonly stem: string;
  readonly kind: AccountType;
  /** A name of `METROS` (metros.ts). */
  readonly metro: string;
  /** The latest filing's total value in USD (13F long value), rounded to millions. */
  readonly aum: number;
}

const manager = (
  slug: string,
  name: string,
  cik: string,
  stem: string,
  kind: AccountType,
  metro: string,
  latestTotal: number,
): RealManager => ({
  slug,
  name,
  cik,
  stem,
  kind,
  metro,
  aum: Math.round(latestTotal / 1e6) * 1e6,
});

const NEW_YORK = 'New York–Newark';
const BOSTON = 'Boston–Cambridge';
const SAN_FRANCISCO = 'San Francisco–Oakland';
const LOS_ANGELES = 'Los Angeles–Long Beach';
const WASHINGTON = 'Washington–Arlington';
const MIAMI = 'Miami–Fort Lauderdale';
const SEATTLE = 'Seattle–Tacoma';

/**
 * Berkshire Hathaway first (an insurer: its 13F portfolio is held by its insurance
 * subsidiaries), then the 36 managers in the order of data/13f/README.md.
 */
// prettier-ignore
export const REAL_MANAGERS: readonly RealManager[] = [
  manager('berkshire-hathaway', 'BERKSHIRE HATHAWAY INC', '0001067983', 'Berkshire Hathaway', 'Insurance Company', 'Omaha–Council Bluffs', 274_160_086_701),
  manager('pershing-square', 'PERSHING SQUARE CAPITAL MANAGEMENT, L.P.', '0001336528', 'Pershing Square', 'Asset Manager', NEW_YORK, 15_526_737_802),
  manager('scion', 'SCION ASSET MANAGEMENT, LLC', '0001649339', 'Scion', 'Asset Manager', SAN_FRANCISCO, 1_381_198_076),
  manager('gates-foundation-trust', 'BILL & MELINDA GATES FOUNDATION TRUST', '0001166559', 'Gates Foundation Trust', 'Foundation', SEATTLE, 35_360_093_535),
  manager('baupost', 'BAUPOST GROUP LLC/MA', '0001061768', 'Baupost', 'Asset Manager', BOSTON, 5_278_590_000),
  manager('icahn', 'ICAHN CARL C', '0000921669', 'Icahn', 'Family Office', MIAMI, 8_445_167_769),
  manager('appaloosa', 'APPALOOSA LP', '0001656456', 'Appaloosa', 'Asset Manager', MIAMI, 6_925_020_650),
  manager('duquesne', 'DUQUESNE FAMILY OFFICE LLC', '0001536411', 'Duquesne', 'Family Office', NEW_YORK, 4_494_450_000),
  manager('third-point', 'THIRD POINT LLC', '0001040273', 'Third Point', 'Asset Manager', NEW_YORK, 7_274_621_868),
  manager('akre', 'AKRE CAPITAL MANAGEMENT LLC', '0001112520', 'Akre', 'Asset Manager', WASHINGTON, 9_120_742_965),
  manager('greenlight', 'DME CAPITAL MANAGEMENT, LP', '0001489933', 'DME Capital', 'Asset Manager', NEW_YORK, 2_849_309_979),
  manager('tci', 'TCI FUND MANAGEMENT LTD', '0001647251', 'TCI', 'Asset Manager', 'London', 53_648_816_254),
  manager('fundsmith', 'FUNDSMITH LLP', '0001569205', 'Fundsmith', 'Asset Manager', 'London', 17_116_090_918),
  manager('himalaya', 'HIMALAYA CAPITAL MANAGEMENT LLC', '0001709323', 'Himalaya', 'Asset Manager', SEATTLE, 3_568_876_223),
  manager('altimeter', 'ALTIMETER CAPITAL MANAGEMENT, LP', '0001541617', 'Altimeter', 'Asset Manager', SAN_FRANCISCO, 5_699_287_719),
  manager('trian', 'TRIAN FUND MANAGEMENT, L.P.', '0001345471', 'Trian', 'Asset Manager', NEW_YORK, 3_984_029_993),
  manager('valueact', 'VALUEACT HOLDINGS, L.P.', '0001418814', 'ValueAct', 'Asset Manager', SAN_FRANCISCO, 7_025_028_860),
  manager('pabrai-dalal-street', 'DALAL STREET, LLC', '0001549575', 'Dalal Street', 'Asset Manager', LOS_ANGELES, 422_885_142),
  manager('abrams', 'ABRAMS CAPITAL MANAGEMENT, L.P.', '0001358706', 'Abrams', 'Asset Manager', BOSTON, 5_673_786_822),
  manager('hh-international', 'H&H INTERNATIONAL INVESTMENT, LLC', '0001759760', 'H&H International', 'Family Office', SAN_FRANCISCO, 17_488_569_921),
  manager('fairholme', 'FAIRHOLME CAPITAL MANAGEMENT LLC', '0001056831', 'Fairholme', 'Asset Manager', MIAMI, 1_433_641_324),
  manager('lone-pine', 'LONE PINE CAPITAL LLC', '0001061165', 'Lone Pine', 'Asset Manager', 'Greenwich–Stamford', 13_611_137_640),
  manager('brave-warrior', 'BRAVE WARRIOR ADVISORS, LLC', '0001553733', 'Brave Warrior', 'Asset Manager', NEW_YORK, 4_268_783_946),
  manager('tiger-global', 'TIGER GLOBAL MANAGEMENT LLC', '0001167483', 'Tiger Global', 'Asset Manager', NEW_YORK, 29_714_313_270),
  manager('egerton', 'EGERTON CAPITAL (UK) LLP', '0001581811', 'Egerton', 'Asset Manager', 'London', 9_200_432_020),
  manager('durable-capital', 'DURABLE CAPITAL PARTNERS LP', '0001798849', 'Durable Capital', 'Asset Manager', WASHINGTON, 10_568_041_265),
  manager('cantillon', 'CANTILLON CAPITAL MANAGEMENT LLC', '0001279936', 'Cantillon', 'Asset Manager', NEW_YORK, 18_493_573_387),
  manager('dorsey', 'DORSEY ASSET MANAGEMENT, LLC', '0001671657', 'Dorsey', 'Asset Manager', 'Chicago–Naperville', 1_150_397_601),
  manager('giverny', 'GIVERNY CAPITAL INC.', '0001641864', 'Giverny', 'Asset Manager', 'Montréal', 2_997_769_933),
  manager('semper-augustus', 'SEMPER AUGUSTUS INVESTMENTS GROUP LLC', '0001115373', 'Semper Augustus', 'Asset Manager', 'Denver–Aurora', 869_557_914),
  manager('situational-awareness', 'SITUATIONAL AWARENESS LP', '0002045724', 'Situational Awareness', 'Asset Manager', SAN_FRANCISCO, 5_516_758_345),
  manager('greenhaven', 'GREENHAVEN ASSOCIATES INC', '0000846222', 'Greenhaven', 'Asset Manager', NEW_YORK, 6_071_579_036),
  manager('altarock', 'ALTAROCK PARTNERS LLC', '0001631014', 'AltaRock', 'Asset Manager', BOSTON, 5_100_067_772),
  manager('chou', 'CHOU ASSOCIATES MANAGEMENT INC.', '0001389403', 'Chou', 'Asset Manager', 'Toronto', 201_552_122),
  manager('cas', 'CAS INVESTMENT PARTNERS, LLC', '0001697591', 'CAS', 'Asset Manager', NEW_YORK, 1_883_136_156),
  manager('engaged', 'ENGAGED CAPITAL LLC', '0001559771', 'Engaged Capital', 'Asset Manager', LOS_ANGELES, 392_022_027),
  manager('thiel-macro', 'THIEL MACRO LLC', '0001562087', 'Thiel Macro', 'Asset Manager', LOS_ANGELES, 0),
];
