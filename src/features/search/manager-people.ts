/**
 * The people analysts name a 13F filer by ("buffett", "ackman"), keyed by the filer's CIK, so the
 * search box finds a manager by its people as well as by the name it files under.
 *
 * What it holds: for each filer, the short name the firm goes by (shown as "Warren Buffett →
 * Berkshire Hathaway"), its name as filed, and the people who founded, run or manage it, each
 * with a role that says honestly when they are no longer there.
 *
 * Rule for inclusion: only filers whose filings ship in `data/13f` (the test beside this file
 * checks every CIK and filed name against the manifests), and only people publicly known as the
 * filer's founder, chief executive or portfolio manager. Source kind: public record — the firms'
 * own sites and letters, SEC Form ADV, and the financial press, as 13F trackers (Dataroma,
 * WhaleWisdom) list the same pairings. The 13F filings themselves name only the filer.
 *
 * To add a person: add them to their filer's `people` with the role and any other names they go
 * by (`aliases`: "Bill" for "William"); to add a filer, first ship its filings in `data/13f`.
 */

interface ManagerPerson {
  /** As the person is usually written: first name, last name. */
  readonly name: string;
  /** Other names the person goes by, searched as the name is. */
  readonly aliases?: readonly string[];
  /** What they are or were at the firm, with dates when they have left. */
  readonly role: string;
}

export interface FilerPeople {
  /** Ten digits, as SEC writes them. */
  readonly cik: string;
  /** The filer's name as its filings give it (to match where the service gives no CIK). */
  readonly filedAs: string;
  /** The name the firm goes by. */
  readonly firm: string;
  readonly people: readonly ManagerPerson[];
}

const person = (name: string, role: string, ...aliases: string[]): ManagerPerson =>
  aliases.length > 0 ? { name, role, aliases } : { name, role };

// prettier-ignore
export const MANAGER_PEOPLE: readonly FilerPeople[] = [
  { cik: '0001067983', filedAs: 'BERKSHIRE HATHAWAY INC', firm: 'Berkshire Hathaway', people: [
    person('Warren Buffett', 'Chairman; chief executive until 2025'),
    person('Charlie Munger', 'Vice chairman until his death in 2023', 'Charles Munger'),
    person('Greg Abel', 'Chief executive from 2026', 'Gregory Abel'),
  ] },
  { cik: '0001336528', filedAs: 'PERSHING SQUARE CAPITAL MANAGEMENT, L.P.', firm: 'Pershing Square', people: [
    person('Bill Ackman', 'Founder and chief executive', 'William Ackman'),
  ] },
  { cik: '0001649339', filedAs: 'SCION ASSET MANAGEMENT, LLC', firm: 'Scion Asset Management', people: [
    person('Michael Burry', 'Founder'),
  ] },
  { cik: '0001166559', filedAs: 'BILL & MELINDA GATES FOUNDATION TRUST', firm: 'Gates Foundation Trust', people: [
    person('Bill Gates', 'Co-founder', 'William Gates'),
    person('Melinda French Gates', 'Co-founder; left the foundation in 2024', 'Melinda Gates'),
  ] },
  { cik: '0001061768', filedAs: 'BAUPOST GROUP LLC/MA', firm: 'Baupost Group', people: [
    person('Seth Klarman', 'Chief executive and portfolio manager'),
  ] },
  { cik: '0000921669', filedAs: 'ICAHN CARL C', firm: 'Carl Icahn', people: [
    person('Carl Icahn', 'Files in his own name'),
  ] },
  { cik: '0001656456', filedAs: 'APPALOOSA LP', firm: 'Appaloosa', people: [
    person('David Tepper', 'Founder', 'Dave Tepper'),
  ] },
  { cik: '0001536411', filedAs: 'DUQUESNE FAMILY OFFICE LLC', firm: 'Duquesne Family Office', people: [
    person('Stanley Druckenmiller', 'Founder', 'Stan Druckenmiller'),
  ] },
  { cik: '0001040273', filedAs: 'THIRD POINT LLC', firm: 'Third Point', people: [
    person('Daniel Loeb', 'Founder and chief executive', 'Dan Loeb'),
  ] },
  { cik: '0001112520', filedAs: 'AKRE CAPITAL MANAGEMENT LLC', firm: 'Akre Capital Management', people: [
    person('Chuck Akre', 'Founder', 'Charles Akre'),
  ] },
  { cik: '0001489933', filedAs: 'DME CAPITAL MANAGEMENT, LP', firm: 'Greenlight Capital (DME Capital)', people: [
    person('David Einhorn', 'Founder of Greenlight Capital'),
  ] },
  { cik: '0001647251', filedAs: 'TCI FUND MANAGEMENT LTD', firm: 'TCI Fund Management', people: [
    person('Chris Hohn', 'Founder', 'Christopher Hohn'),
  ] },
  { cik: '0001569205', filedAs: 'FUNDSMITH LLP', firm: 'Fundsmith', people: [
    person('Terry Smith', 'Founder'),
  ] },
  { cik: '0001709323', filedAs: 'HIMALAYA CAPITAL MANAGEMENT LLC', firm: 'Himalaya Capital', people: [
    person('Li Lu', 'Founder'),
  ] },
  { cik: '0001541617', filedAs: 'ALTIMETER CAPITAL MANAGEMENT, LP', firm: 'Altimeter Capital', people: [
    person('Brad Gerstner', 'Founder and chief executive'),
  ] },
  { cik: '0001345471', filedAs: 'TRIAN FUND MANAGEMENT, L.P.', firm: 'Trian', people: [
    person('Nelson Peltz', 'Co-founder and chief executive'),
    person('Peter May', 'Co-founder'),
  ] },
  { cik: '0001418814', filedAs: 'VALUEACT HOLDINGS, L.P.', firm: 'ValueAct', people: [
    person('Mason Morfit', 'Chief executive and chief investment officer'),
    person('Jeffrey Ubben', 'Co-founder; left in 2020', 'Jeff Ubben'),
  ] },
  { cik: '0001549575', filedAs: 'DALAL STREET, LLC', firm: 'Dalal Street (Pabrai)', people: [
    person('Mohnish Pabrai', 'Founder'),
  ] },
  { cik: '0001358706', filedAs: 'ABRAMS CAPITAL MANAGEMENT, L.P.', firm: 'Abrams Capital', people: [
    person('David Abrams', 'Founder'),
  ] },
  { cik: '0001759760', filedAs: 'H&H INTERNATIONAL INVESTMENT, LLC', firm: 'H&H International', people: [
    person('Duan Yongping', 'Founder', 'Yongping Duan'),
  ] },
  { cik: '0001056831', filedAs: 'FAIRHOLME CAPITAL MANAGEMENT LLC', firm: 'Fairholme', people: [
    person('Bruce Berkowitz', 'Founder'),
  ] },
  { cik: '0001061165', filedAs: 'LONE PINE CAPITAL LLC', firm: 'Lone Pine Capital', people: [
    person('Stephen Mandel', 'Founder', 'Steve Mandel'),
  ] },
  { cik: '0001553733', filedAs: 'BRAVE WARRIOR ADVISORS, LLC', firm: 'Brave Warrior Advisors', people: [
    person('Glenn Greenberg', 'Founder'),
  ] },
  { cik: '0001167483', filedAs: 'TIGER GLOBAL MANAGEMENT LLC', firm: 'Tiger Global', people: [
    person('Chase Coleman', 'Founder'),
  ] },
  { cik: '0001581811', filedAs: 'EGERTON CAPITAL (UK) LLP', firm: 'Egerton Capital', people: [
    person('John Armitage', 'Founder'),
  ] },
  { cik: '0001798849', filedAs: 'DURABLE CAPITAL PARTNERS LP', firm: 'Durable Capital', people: [
    person('Henry Ellenbogen', 'Founder'),
  ] },
  { cik: '0001279936', filedAs: 'CANTILLON CAPITAL MANAGEMENT LLC', firm: 'Cantillon', people: [
    person('William von Mueffling', 'Founder'),
  ] },
  { cik: '0001671657', filedAs: 'DORSEY ASSET MANAGEMENT, LLC', firm: 'Dorsey Asset Management', people: [
    person('Pat Dorsey', 'Founder'),
  ] },
  { cik: '0001641864', filedAs: 'GIVERNY CAPITAL INC.', firm: 'Giverny Capital', people: [
    person('François Rochon', 'Founder'),
  ] },
  { cik: '0001115373', filedAs: 'SEMPER AUGUSTUS INVESTMENTS GROUP LLC', firm: 'Semper Augustus', people: [
    person('Christopher Bloomstran', 'Founder', 'Chris Bloomstran'),
  ] },
  { cik: '0002045724', filedAs: 'SITUATIONAL AWARENESS LP', firm: 'Situational Awareness', people: [
    person('Leopold Aschenbrenner', 'Founder'),
  ] },
  { cik: '0000846222', filedAs: 'GREENHAVEN ASSOCIATES INC', firm: 'Greenhaven Associates', people: [
    person('Edgar Wachenheim III', 'Founder', 'Edgar Wachenheim'),
  ] },
  { cik: '0001631014', filedAs: 'ALTAROCK PARTNERS LLC', firm: 'AltaRock Partners', people: [
    person('Mark Massey', 'Founder'),
  ] },
  { cik: '0001389403', filedAs: 'CHOU ASSOCIATES MANAGEMENT INC.', firm: 'Chou Associates', people: [
    person('Francis Chou', 'Founder'),
  ] },
  { cik: '0001697591', filedAs: 'CAS INVESTMENT PARTNERS, LLC', firm: 'CAS Investment Partners', people: [
    person('Clifford Sosin', 'Founder', 'Cliff Sosin'),
  ] },
  { cik: '0001559771', filedAs: 'ENGAGED CAPITAL LLC', firm: 'Engaged Capital', people: [
    person('Glenn Welling', 'Founder'),
  ] },
  { cik: '0001562087', filedAs: 'THIEL MACRO LLC', firm: 'Thiel Macro', people: [
    person('Peter Thiel', 'Founder'),
  ] },
];
