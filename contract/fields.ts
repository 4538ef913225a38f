/**
 * What a catalog entry is made of: a field, its kind, and a module of fields. Apart from
 * catalog.ts so that the modules of our own (aggregate-modules.ts) are declared with the same
 * types without importing the catalog that lists them.
 */

/** How a field's values behave: which operators apply, how values are parsed, how they display. */
export type FieldKind =
  'text' | 'number' | 'percent' | 'date' | 'datetime' | 'boolean' | 'id' | 'url';

/** One field of a module as the service names it, with what the dashboard knows about it. */
export interface FieldDefinition {
  /** The exact wire name. */
  readonly name: string;
  /** A human label for headers and pickers. */
  readonly label: string;
  readonly kind: FieldKind;
  /** A display hint for numbers: US dollars, share counts. */
  readonly unit?: 'usd' | 'shares';
  /** Datetime fields: the value form the vendor's examples use for this field. */
  readonly datetimeForm?: 'sql' | 'iso';
  /** A one-line description for tooltips. */
  readonly description?: string;
  /** Values are short codes (tickers, statuses, types, CUSIPs): a narrow column fits them. */
  readonly short?: true;
  /** The values the interface fixes for the field: the builder offers exactly these. */
  readonly values?: readonly string[];
  /**
   * Readable names of values that are codes (Salesforce API names such as `AUM__c`), for legends
   * and cells; the value itself stays what filters and exports use.
   */
  readonly valueLabels?: Readonly<Record<string, string>>;
  /**
   * A text field whose values are of the type another field of the same row names (account
   * history's old and new values, typed by `datatype`): a `Currency` value reads as dollars.
   */
  readonly typedBy?: string;
  /** Values repeat across rows (filers, countries, types): the builder offers those it finds. */
  readonly picklist?: true;
  /**
   * The embedded service's own field, which the vendor's interface document does not list: a
   * query naming it against the vendor would be refused (`unknown_field`). See
   * docs/thirteen-f.md ("Fields of our own") for what the dashboard does without them.
   */
  readonly extension?: true;
}

/** How a value of `field` reads: its catalog label (`AUM__c` → AUM), else the value itself. */
export function valueLabel(field: FieldDefinition | undefined, value: string): string {
  return field?.valueLabels?.[value] ?? value;
}

/** One data module of the service; `Id` is the module's identifier type. */
export interface ModuleDefinitionOf<Id extends string> {
  readonly id: Id;
  /** A human name for navigation. */
  readonly label: string;
  /** One line on what the module holds. */
  readonly summary: string;
  readonly fields: readonly FieldDefinition[];
  /** The fields returned when a query names none, in order. */
  readonly defaultFields: readonly string[];
  /**
   * A module of the embedded service's own, which the vendor's interface does not have: the
   * builder never offers it and the proxy refuses it (see docs/thirteen-f.md, "Aggregates").
   */
  readonly extension?: true;
}
