/**
 * Checks for values that travel through JSON unchanged (links, saved-query files): shared by the
 * link codec and the view schema, so both judge "plain data" the same way.
 */

/**
 * True for an object a literal or `JSON.parse` makes (prototype `Object.prototype` or null), not
 * for arrays or class instances (a Date, a Map). Stricter than the contract's `isPlainObject`
 * (not null, not an array): the exported link schema judges whatever a caller hands it, and an
 * instance would not survive the trip through a link's JSON. Data fresh from `JSON.parse` holds
 * no instances, so there the contract's function serves.
 */
export function isLiteralObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** Text that JSON carries unchanged: no undefined, functions, NaN, Infinity or class instances. */
export function isJsonValue(root: unknown): boolean {
  // An explicit stack, not recursion: a crafted, deeply nested body must not overflow the stack.
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (value === null || typeof value === 'string' || typeof value === 'boolean') continue;
    if (typeof value === 'number' && Number.isFinite(value)) continue;
    if (!Array.isArray(value) && !isLiteralObject(value)) return false;
    for (const child of Object.values(value)) pending.push(child);
  }
  return true;
}
