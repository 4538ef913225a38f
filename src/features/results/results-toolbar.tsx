import { Button, Group, Menu, Text } from '@mantine/core';
import { use, useState } from 'react';
import { isAccountIdField } from '../../lib/api/account-names.ts';
import { ACCOUNT_NAME_HEADER, accountNameOf } from './account-name-column.ts';
import type { ServiceRecord } from '#contract/response';
import { ColumnChooser } from './column-chooser.tsx';
import type { CellFormatter } from './format.ts';
import type { ResultColumn } from './result-column.ts';
import { sortRecords } from './sort.ts';
import { toTsv } from './tsv.ts';
import type { ResultsTableState } from './table-state.ts';
import { AccountNamesContext } from './use-account-names.ts';
import type { ExportFormat, ResultsExport } from './use-results-export.ts';
import type { ResultRows } from './use-result-rows.ts';

/** Which rows are on screen: the page or all of them, of how many, and what narrows or sorts them. */
function RowsSummary({
  results,
  loaded,
  shown,
  filtered,
  sorted,
}: {
  results: ResultRows;
  loaded: number;
  shown: number;
  filtered: boolean;
  sorted: boolean;
}) {
  const { offset, count } = results;
  return (
    <Text size="sm" role="status">
      {results.allLoaded
        ? `All ${loaded.toLocaleString()} rows`
        : `Rows ${(offset + 1).toLocaleString()}–${(offset + loaded).toLocaleString()}`}
      {count !== undefined ? ` of ${count.toLocaleString()} matching` : ''}
      {filtered ? ` · ${shown.toLocaleString()} shown by the chart filter` : ''}
      {sorted ? ' · sorted here by the column headers' : ''}
    </Text>
  );
}

/** Previous and next page by offset, and "Load all" to page through every matching row. */
function PageButtons({ results }: { results: ResultRows }) {
  const { result, offset, loading } = results;
  return (
    <>
      <Button
        size="xs"
        variant="default"
        disabled={offset === 0 || result.isFetching}
        onClick={results.previousPage}
      >
        Previous page
      </Button>
      <Button
        size="xs"
        variant="default"
        disabled={!results.more || result.isFetching}
        onClick={results.nextPage}
      >
        Next page
      </Button>
      <Button
        size="xs"
        variant="default"
        disabled={!results.more || loading !== undefined}
        onClick={() => void results.loadAll()}
      >
        Load all
      </Button>
    </>
  );
}

const FORMATS: readonly { value: ExportFormat; label: string; description: string }[] = [
  {
    value: 'excel-csv',
    label: 'Excel-ready CSV',
    description: 'Labels as headers, codes kept as text, dates Excel reads as dates',
  },
  { value: 'xlsx', label: 'Excel workbook (.xlsx)', description: 'Typed cells, frozen header' },
  { value: 'raw-csv', label: 'CSV, values as sent', description: 'API names and raw values' },
];

/** Why a saved CRM file has no account names, after its confirmation. */
const NAMES_MISSING = {
  slow: ', without account names: they were still loading (export again to include them)',
  failed: ', without account names: they could not be looked up',
} as const;

/** The last export's confirmation: what was saved, under which name (a polite live region). */
function SavedNote({ exporter }: { exporter: ResultsExport }) {
  const { saved } = exporter;
  if (!saved) return null;
  return (
    <Text size="xs" c="dimmed" role="status">
      Saved {saved.rows.toLocaleString()} {saved.rows === 1 ? 'row' : 'rows'} to {saved.fileName}
      {saved.namesMissing && NAMES_MISSING[saved.namesMissing]}
    </Text>
  );
}

/**
 * "Export": the rows ticked, on screen or every matching row, in the form the analyst picks. The
 * format choices keep the menu open (one picks a form, then the rows); an export closes it.
 */
function ExportMenu({
  results,
  rows,
  selected,
  filtered,
  columns,
  exporter,
}: {
  results: ResultRows;
  rows: readonly ServiceRecord[];
  selected: readonly ServiceRecord[];
  filtered: boolean;
  columns: readonly ResultColumn[];
  exporter: ResultsExport;
}) {
  const { count, loading } = results;
  return (
    <Menu position="bottom-end" withinPortal closeOnItemClick={false} width={300}>
      <Menu.Target>
        <Button size="xs" loading={exporter.writing}>
          Export
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Format</Menu.Label>
        <Menu.RadioGroup
          value={exporter.format}
          onChange={(value) => {
            exporter.setFormat(value as ExportFormat);
          }}
        >
          {FORMATS.map((choice) => (
            <Menu.RadioItem key={choice.value} value={choice.value}>
              {choice.label}
              <Text size="xs" c="dimmed">
                {choice.description}
              </Text>
            </Menu.RadioItem>
          ))}
        </Menu.RadioGroup>
        <Menu.CheckboxItem
          disabled={exporter.format === 'raw-csv'}
          checked={exporter.apiNameLine && exporter.format !== 'raw-csv'}
          onChange={exporter.setApiNameLine}
        >
          API names as a second header row
        </Menu.CheckboxItem>
        <Menu.Divider />
        <Menu.Label>Export</Menu.Label>
        {selected.length > 0 && (
          <Menu.Item
            closeMenuOnClick
            onClick={() => {
              exporter.exportRows(selected, columns);
            }}
          >
            The {selected.length.toLocaleString()} selected {selected.length === 1 ? 'row' : 'rows'}
          </Menu.Item>
        )}
        <Menu.Item
          closeMenuOnClick
          onClick={() => {
            exporter.exportRows(rows, columns);
          }}
        >
          The {rows.length.toLocaleString()} rows {filtered ? 'shown' : 'loaded'}
        </Menu.Item>
        <Menu.Item
          closeMenuOnClick
          disabled={loading !== undefined}
          onClick={() => {
            exporter.exportAll(columns);
          }}
        >
          All {count === undefined ? '' : `${count.toLocaleString()} `}matching rows
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * "Copy table": the rows on screen (chart filter and sort applied) in the visible columns, as
 * shown, tab-separated for a paste into Excel or Sheets.
 */
function CopyTableButton({
  rows,
  selected,
  columns,
  format,
  sorting,
}: {
  rows: readonly ServiceRecord[];
  /** The rows ticked: when any, they are what is copied. */
  selected: readonly ServiceRecord[];
  columns: readonly ResultColumn[];
  format: CellFormatter;
  sorting: ResultsTableState['sorting'];
}) {
  // The names the table shows: none yet (loading, or failed), the copy goes without them.
  const names = use(AccountNamesContext);
  const text = () => {
    const kinds = new Map(columns.map((column) => [column.id, column.field?.kind]));
    const copied = selected.length > 0 ? selected : rows;
    const sorted = sortRecords(copied, sorting, (id) => kinds.get(id));
    return toTsv(
      sorted,
      columns.flatMap((column) => {
        const cell = {
          header: column.label,
          text: (row: ServiceRecord) => format(row[column.id], column.field, row).text,
        };
        if (!names || !isAccountIdField(column.field)) return [cell];
        const name = (row: ServiceRecord) => accountNameOf(names, row[column.id]);
        return [cell, { header: ACCOUNT_NAME_HEADER, text: name }];
      }),
    );
  };
  const [copied, setCopied] = useState(false);
  return (
    <Button
      size="xs"
      variant="default"
      title="Tab-separated, to paste into a spreadsheet"
      onClick={() => {
        void navigator.clipboard.writeText(text()).then(() => {
          setCopied(true);
          setTimeout(() => {
            setCopied(false);
          }, 1500);
        });
      }}
    >
      {copied
        ? 'Copied'
        : selected.length > 0
          ? `Copy ${selected.length.toLocaleString()} selected`
          : 'Copy table'}
    </Button>
  );
}

/** Above the table: what is shown, paging, the column chooser, Copy table and Export. */
export function ResultsToolbar({
  results,
  loaded,
  shown,
  filtered,
  columns,
  exportColumns,
  tableState,
  exporter,
  format,
  selected,
}: {
  results: ResultRows;
  /** The table's cell text, for "Copy table". */
  format: CellFormatter;
  /** How many rows are loaded (the page, or all of them). */
  loaded: number;
  /** The loaded rows the chart filter lets through (all of them without one). */
  shown: readonly ServiceRecord[];
  /** Whether a chart filter narrows the loaded rows. */
  filtered: boolean;
  /** Every column of the result, for the column chooser. */
  columns: readonly ResultColumn[];
  /** The visible columns in their order on screen, for Copy table and Export. */
  exportColumns: readonly ResultColumn[];
  tableState: ResultsTableState;
  exporter: ResultsExport;
  /** The shown rows the analyst ticked, in the loaded order. */
  selected: readonly ServiceRecord[];
}) {
  return (
    <Group justify="space-between" wrap="wrap">
      <RowsSummary
        results={results}
        loaded={loaded}
        shown={shown.length}
        filtered={filtered}
        sorted={tableState.sorting.length > 0}
      />
      <Group gap="xs">
        {!results.allLoaded && <PageButtons results={results} />}
        <ColumnChooser columns={columns} state={tableState} />
        <CopyTableButton
          rows={shown}
          selected={selected}
          columns={exportColumns}
          format={format}
          sorting={tableState.sorting}
        />
        <SavedNote exporter={exporter} />
        <ExportMenu
          results={results}
          rows={shown}
          selected={selected}
          filtered={filtered}
          columns={exportColumns}
          exporter={exporter}
        />
      </Group>
    </Group>
  );
}
