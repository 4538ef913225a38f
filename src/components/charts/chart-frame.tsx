import { Button, Group, Menu, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { downloadCsv, toCsv } from '../../lib/format/csv.ts';
import classes from './charts.module.css';
import { chartFileName, downloadPng, downloadSvg } from './export-image.ts';
import type { LegendEntry } from './export-image.ts';

/** The data behind a chart as a table: its text alternative. */
export interface ChartTable {
  readonly columns: readonly string[];
  readonly rows: readonly (readonly (string | number)[])[];
}

/** The chart's data table as a CSV file (formula guard included), numbers as numbers. */
function downloadTable(title: string, table: ChartTable): string {
  const columns = table.columns.map((header, index) => ({ id: String(index), header }));
  const rows = table.rows.map((row) => Object.fromEntries(row.map((cell, i) => [String(i), cell])));
  const name = chartFileName(title, 'csv');
  downloadCsv(toCsv(rows, columns), name);
  return name;
}

/**
 * Downloads the chart as a PNG or an SVG image, with its title and legend drawn in, or what it
 * shows as a CSV of its data table.
 */
function ExportMenu({
  title,
  legend,
  table,
  surface,
  onError,
  onSaved,
}: {
  title: string;
  legend: readonly LegendEntry[];
  table: ChartTable;
  /** The chart's drawing, when there is one. */
  surface: () => SVGSVGElement | null | undefined;
  onError: (message: string) => void;
  /** A file written, by its name: the frame confirms it. */
  onSaved: (fileName: string) => void;
}) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size="compact-xs" variant="default">
          Export chart
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          onClick={() => {
            const svg = surface();
            if (svg)
              void downloadPng(svg, title, legend).then(onSaved, (error: unknown) => {
                onError(error instanceof Error ? error.message : String(error));
              });
          }}
        >
          PNG image
        </Menu.Item>
        <Menu.Item
          onClick={() => {
            const svg = surface();
            if (svg) onSaved(downloadSvg(svg, title, legend));
          }}
        >
          SVG (vector)
        </Menu.Item>
        <Menu.Item
          onClick={() => {
            onSaved(downloadTable(title, table));
          }}
        >
          CSV of the data
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** What the last chart export did: the file saved, or why it could not be. */
function ExportOutcome({
  saved,
  error,
}: {
  saved?: string | undefined;
  error?: string | undefined;
}) {
  return (
    <>
      {saved && (
        <Text size="xs" c="dimmed" role="status">
          Saved the chart to {saved}
        </Text>
      )}
      {error && (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
    </>
  );
}

/** The series' colours named on screen. */
function OnScreenLegend({ legend }: { legend: readonly LegendEntry[] }) {
  return (
    <Group gap="md" aria-label="Legend" role="list">
      {legend.map((entry) => (
        <Group key={entry.label} gap={6} role="listitem" wrap="nowrap">
          <span
            aria-hidden
            style={{ width: 12, height: 12, background: entry.color, borderRadius: 2 }}
          />
          <Text size="xs">{entry.label}</Text>
        </Group>
      ))}
    </Group>
  );
}

/** The chart's data as a table, named after the chart. */
function DataTable({ title, table }: { title: string; table: ChartTable }) {
  return (
    <Table.ScrollContainer minWidth={320} maxHeight={320}>
      <Table striped withTableBorder fz="xs" aria-label={`${title}: data`}>
        <Table.Thead>
          <Table.Tr>
            {table.columns.map((column) => (
              <Table.Th key={column}>{column}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {table.rows.map((row, index) => (
            <Table.Tr key={index}>
              {row.map((cell, column) => (
                <Table.Td key={column}>{cell}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Where a chart's figures come from, in small print under its title. */
function ChartNotes({ notes }: { notes: readonly ReactNode[] }) {
  if (notes.length === 0) return null;
  return (
    <Stack gap={2}>
      {notes.map((note, index) => (
        <Text key={index} size="xs" c="dimmed">
          {note}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * The frame every chart sits in: title, what the figures come from, export as PNG or SVG, a
 * one-sentence summary and the data as a table (the chart's text alternative).
 */
export function ChartFrame({
  title,
  notes = [],
  summary,
  table,
  legend = [],
  legendOnScreen = false,
  controls,
  children,
}: {
  title: string;
  /** Where the figures come from ("fetched for this chart", "derived from …"). */
  notes?: readonly ReactNode[];
  /** The chart in one sentence, for screen readers and for a glance. */
  summary: string;
  table: ChartTable;
  /** The series' colours, drawn into exported images. */
  legend?: readonly LegendEntry[];
  /** Also shows `legend` above the chart (for charts that draw no recharts legend of their own). */
  legendOnScreen?: boolean;
  controls?: ReactNode;
  children: ReactNode;
}) {
  const figure = useRef<HTMLDivElement>(null);
  const [showTable, setShowTable] = useState(false);
  const [exportError, setExportError] = useState<string>();
  /** The last file exported, confirmed under the chart (the menu closes on a pick). */
  const [saved, setSaved] = useState<string>();
  const summaryId = useId();
  const surface = () => figure.current?.querySelector<SVGSVGElement>('svg.recharts-surface');

  return (
    <Paper withBorder p="sm" component="section" aria-label={title}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Title order={3} size="h5">
            {title}
          </Title>
          <Group gap="xs">
            {controls}
            <Button
              size="compact-xs"
              variant="default"
              aria-pressed={showTable}
              onClick={() => {
                setShowTable((shown) => !shown);
              }}
            >
              {showTable ? 'Hide data table' : 'Show data table'}
            </Button>
            <ExportMenu
              title={title}
              legend={legend}
              table={table}
              surface={surface}
              onError={setExportError}
              onSaved={setSaved}
            />
          </Group>
        </Group>
        <ChartNotes notes={notes} />
        {legendOnScreen && legend.length > 0 && <OnScreenLegend legend={legend} />}
        <div
          ref={figure}
          className={classes.figure}
          role="figure"
          aria-label={title}
          aria-describedby={summaryId}
        >
          {children}
        </div>
        <Text id={summaryId} size="sm">
          {summary}
        </Text>
        <ExportOutcome saved={saved} error={exportError} />
        {showTable && <DataTable title={title} table={table} />}
      </Stack>
    </Paper>
  );
}
