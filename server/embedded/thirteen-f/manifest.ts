import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { ImportError, valueUnitFor } from './filing.ts';
import type { FilingMeta } from './filing.ts';

const day = z.iso.date();
const filedAt = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

/** `manifest.json`: what the information-table XML files do not carry themselves. */
const manifestSchema = z.object({
  filer: z.string().min(1),
  cik: z.string().regex(/^\d{1,10}$/, 'cik must be up to 10 digits'),
  valueUnit: z.enum(['USD', 'USD_THOUSANDS']).optional(),
  filings: z
    .array(
      z.object({
        file: z.string().min(1),
        filingDate: filedAt,
        periodOfReport: day,
        submissionType: z.enum(['13F-HR', '13F-HR/A']),
        amendmentType: z.enum(['RESTATEMENT', 'NEW HOLDINGS']).optional(),
        accessionNumber: z.string().min(1).optional(),
        // The filing's summary page (primary_doc.xml), where the source gives it: the rows are
        // checked against it at derivation.
        tableEntryTotal: z.number().int().nonnegative().optional(),
        tableValueTotal: z.number().nonnegative().optional(),
        isConfidentialOmitted: z.boolean().optional(),
      }),
    )
    .min(1),
});

/** A filing to import from an XML file. */
export interface XmlFiling {
  readonly meta: FilingMeta;
  readonly file: string;
}

/** Pads a CIK to SEC's ten digits. */
export function normalizeCik(cik: string): string {
  return cik.trim().padStart(10, '0');
}

/** The instant a filing date or timestamp stands for (a bare date is midnight UTC). */
export function parseFiledAt(text: string): Date {
  return new Date(text.length === 10 ? `${text}T00:00:00Z` : text);
}

/** A stable key for a filing that arrived without an accession number. */
export function syntheticAccession(
  meta: Omit<FilingMeta, 'accession' | 'source' | 'valueUnit'>,
): string {
  return [
    meta.cik,
    meta.periodOfReport,
    meta.filedAt.toISOString(),
    meta.submissionType,
    meta.amendmentType ?? '',
  ].join('|');
}

/** Reads a manifest and the filings it lists; paths are relative to the manifest. */
export async function readManifest(path: string): Promise<XmlFiling[]> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw new ImportError(path, null, error instanceof Error ? error.message : String(error));
  }
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ImportError(
      path,
      null,
      `${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`,
    );
  }
  const manifest = parsed.data;
  return manifest.filings.map((filing) => {
    const file = join(dirname(path), filing.file);
    const amendmentType =
      filing.submissionType === '13F-HR/A' ? (filing.amendmentType ?? 'RESTATEMENT') : null;
    const base = {
      cik: normalizeCik(manifest.cik),
      filerName: manifest.filer,
      periodOfReport: filing.periodOfReport,
      filedAt: parseFiledAt(filing.filingDate),
      submissionType: filing.submissionType,
      amendmentType,
    } as const;
    const valueUnit = manifest.valueUnit
      ? manifest.valueUnit === 'USD'
        ? 'usd'
        : 'thousands'
      : valueUnitFor(base.filedAt);
    return {
      file,
      meta: {
        ...base,
        accession: filing.accessionNumber ?? syntheticAccession(base),
        valueUnit,
        source: file,
        declared: {
          rows: filing.tableEntryTotal ?? null,
          value: filing.tableValueTotal ?? null,
          confidentialOmitted: filing.isConfidentialOmitted ?? null,
        },
      },
    };
  });
}
