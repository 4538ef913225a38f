/**
 * The 13F aggregates: modules of the embedded service's own, derived at import from the
 * `13f_holdings` rows and the raw filings, and served through the same query interface. At SEC
 * scale (8,000 filers, 3M rows a quarter) the views across managers cannot read a quarter's rows
 * into a browser; one row per security and quarter, and one per filer and quarter, answer them
 * instead. The vendor's interface has no such modules: the builder never offers them and the
 * proxy refuses them. Every field is documented in docs/thirteen-f.md ("Aggregates").
 */
import type { FieldDefinition, ModuleDefinitionOf } from './fields.ts';

/** Our own modules' identifiers, exactly as sent in a query's `module`. */
export const EXTENSION_MODULE_IDS = ['13f_security_quarters', '13f_filer_quarters'] as const;

/** One of our own modules' identifiers. */
export type ExtensionModuleId = (typeof EXTENSION_MODULE_IDS)[number];

const count = (name: string, label: string, description: string): FieldDefinition => ({
  name,
  label,
  kind: 'number',
  description,
});

const usd = (name: string, label: string, description: string): FieldDefinition => ({
  name,
  label,
  kind: 'number',
  unit: 'usd',
  description,
});

const PERIOD: FieldDefinition = {
  name: 'periodofreport',
  label: 'Period of report',
  kind: 'date',
  picklist: true,
};

/**
 * What a quarter's share positions did, one count per status (options apart), each field with
 * its description: NEW, ADDED, REDUCED, SOLD OUT, UNCHANGED.
 */
function statusCounts(descriptions: readonly [string, string, string, string, string]) {
  const [opened, added, reduced, soldOut, unchanged] = descriptions;
  return [
    count('new', 'New', opened),
    count('added', 'Added', added),
    count('reduced', 'Reduced', reduced),
    count('soldout', 'Sold out', soldOut),
    count('unchanged', 'Unchanged', unchanged),
  ];
}

const securityQuarters: ModuleDefinitionOf<ExtensionModuleId> = {
  id: '13f_security_quarters',
  label: '13F securities by quarter',
  summary:
    'One row per CUSIP and quarter across managers: holders, buyers, sellers, what they hold; options apart.',
  extension: true,
  fields: [
    PERIOD,
    { name: 'cusip', label: 'CUSIP', kind: 'id', short: true },
    { name: 'ticker', label: 'Ticker', kind: 'text', short: true },
    {
      name: 'nameofissuer',
      label: 'Issuer',
      kind: 'text',
      description: 'The issuer as named on the largest share position of the quarter.',
    },
    count(
      'filers',
      'Managers reporting it',
      'Managers with a row of the shares this quarter: holders, and those that sold out.',
    ),
    count('holders', 'Holders', 'Managers holding the shares (more than 0 shares).'),
    {
      name: 'shares',
      label: 'Shares held',
      kind: 'number',
      unit: 'shares',
      description: 'Shares the holders hold together.',
    },
    usd('value', 'Value held (USD)', 'Value the holders hold together.'),
    count('buyers', 'Buyers', 'Managers that opened (NEW) or added to (ADDED) the position.'),
    usd('buyersvalue', 'Buyers’ value (USD)', 'What the buyers hold of it after buying.'),
    count('sellers', 'Sellers', 'Managers that reduced (REDUCED) or sold out (SOLD OUT).'),
    usd('sellersvalue', 'Sellers’ value (USD)', 'What the sellers still hold (0 for a sale out).'),
    ...statusCounts([
      'Managers that opened a position in it (NEW).',
      'Managers that added to it (ADDED).',
      'Managers that reduced it (REDUCED).',
      'Managers that sold out of it (SOLD OUT).',
      'Managers whose holding did not change (UNCHANGED).',
    ]),
    count(
      'newtodata',
      'Holders new to the data',
      'Holders with no status: their first report in the data, or one after a quarter they did not report.',
    ),
    count(
      'steadyholders',
      'Holders, like for like',
      'Holders that reported the calendar quarter before too (a status computed).',
    ),
    {
      name: 'steadyshares',
      label: 'Shares, like for like',
      kind: 'number',
      unit: 'shares',
      description: 'Shares those holders hold together.',
    },
    usd('steadyvalue', 'Value, like for like (USD)', 'Value those holders hold together.'),
    count(
      'notfiled',
      'Holders without a filing',
      'Holders of the calendar quarter before with no row of it this quarter: no filing for the quarter in the data, never a sale.',
    ),
    count('putholders', 'Put holders', 'Managers holding puts on it.'),
    usd(
      'putnotional',
      'Put notional (USD)',
      'The puts’ value as filed: the underlying’s notional.',
    ),
    count('callholders', 'Call holders', 'Managers holding calls on it.'),
    usd(
      'callnotional',
      'Call notional (USD)',
      'The calls’ value as filed: the underlying’s notional.',
    ),
  ],
  defaultFields: [
    'periodofreport',
    'cusip',
    'ticker',
    'nameofissuer',
    'holders',
    'value',
    'buyers',
    'sellers',
    'new',
    'soldout',
    'putholders',
    'callholders',
  ],
};

const filerQuarters: ModuleDefinitionOf<ExtensionModuleId> = {
  id: '13f_filer_quarters',
  label: '13F filers by quarter',
  summary:
    'One row per filer and quarter it filed, an empty filing included: long value, positions, options, concentration, filing facts.',
  extension: true,
  fields: [
    { name: 'cik', label: 'Filer CIK', kind: 'id', short: true },
    { name: 'companyname', label: 'Filer', kind: 'text', picklist: true },
    PERIOD,
    {
      name: 'filedat',
      label: 'Filed at',
      kind: 'datetime',
      datetimeForm: 'sql',
      description: 'When the original (or restating) filing counted for the quarter was filed.',
    },
    {
      name: 'accession',
      label: 'Accession',
      kind: 'id',
      description: 'That filing’s SEC accession number; empty when the source gave none.',
    },
    {
      name: 'amendmenttype',
      label: 'Amendment',
      kind: 'text',
      short: true,
      values: ['RESTATEMENT'],
      description: 'RESTATEMENT when the filing counted is a 13F-HR/A that restates the quarter.',
    },
    count('newholdings', 'NEW HOLDINGS amendments', 'Amendments adding holdings to that filing.'),
    {
      name: 'previousperiod',
      label: 'Previous period filed',
      kind: 'date',
      description: 'The filer’s latest earlier quarter in the data; empty for its first.',
    },
    usd('longvalue', 'Long value (USD)', 'The share positions’ value: what weights divide by.'),
    count(
      'positions',
      'Positions',
      'Share positions held (more than 0 shares); 0 for an empty filing.',
    ),
    count('optionpositions', 'Option positions', 'Puts and calls held.'),
    usd('optionsnotional', 'Options notional (USD)', 'The options’ value as filed: notionals.'),
    {
      name: 'top10pct',
      label: 'Top-10 concentration',
      kind: 'percent',
      description: 'The 10 largest share positions’ share of the long value; empty when it is 0.',
    },
    ...statusCounts([
      'Share positions opened this quarter (NEW).',
      'Share positions added to (ADDED).',
      'Share positions reduced (REDUCED).',
      'Share positions sold out (SOLD OUT rows).',
      'Share positions unchanged (UNCHANGED).',
    ]),
    count('declaredrows', 'Rows declared', 'Entries the filing declares on its summary page.'),
    usd('declaredvalue', 'Total declared', 'Total value the filing declares on its summary page.'),
    count('importedrows', 'Rows imported', 'Entries of the filing that were imported.'),
    usd('importedvalue', 'Total imported', 'Total value of the imported entries.'),
    {
      name: 'confidentialomitted',
      label: 'Confidential omissions',
      kind: 'boolean',
      description: 'The filing says it omits holdings granted confidential treatment.',
    },
  ],
  defaultFields: [
    'companyname',
    'periodofreport',
    'filedat',
    'positions',
    'longvalue',
    'top10pct',
    'optionpositions',
    'optionsnotional',
    'new',
    'soldout',
  ],
};

/** Our own modules, keyed by identifier. */
export const EXTENSION_MODULES: Readonly<
  Record<ExtensionModuleId, ModuleDefinitionOf<ExtensionModuleId>>
> = {
  '13f_security_quarters': securityQuarters,
  '13f_filer_quarters': filerQuarters,
};
