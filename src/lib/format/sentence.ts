/**
 * `text` closed with a full stop, unless it already ends in one: filers file as "…, L.P." or
 * "… INC.", and a sentence ending on such a name must not read "L.P..".
 */
export function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}
