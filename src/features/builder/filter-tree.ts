/**
 * The builder's filter tree and its edits, after react-querybuilder's query tools: a node is
 * addressed by its path, and every edit is a pure function that returns a new tree sharing each
 * untouched branch with the old one. An edit whose path leads nowhere returns the tree itself,
 * so a stale click can never corrupt a query.
 */
import type { FilterNode } from './model.ts';

/**
 * Where a node is: its index in the top-level list, then its index among the children of each
 * group on the way down. `[]` is the top-level list itself (an implicit AND), the parent of
 * the top-level nodes.
 */
export type Path = readonly number[];

/** The top-level list of `filters.filter`, or a group's children. */
export type FilterList = readonly FilterNode[];

/** The node at `path`, or undefined when there is none. */
export function nodeAt(list: FilterList, path: Path): FilterNode | undefined {
  let nodes = list;
  let node: FilterNode | undefined;
  for (const index of path) {
    node = nodes[index];
    if (node === undefined) return undefined;
    nodes = node.type === 'group' ? node.children : [];
  }
  return node;
}

/** True when `index` is a position of an element of `list`. */
function isIndexOf(list: FilterList, index: number): boolean {
  return Number.isInteger(index) && index >= 0 && index < list.length;
}

/**
 * `list` with `count` elements at `index` replaced by `nodes`. (Array's own `toSpliced` and
 * `with` are newer than some browsers the dashboard supports.)
 */
function spliced(list: FilterList, index: number, count: number, ...nodes: FilterNode[]) {
  return [...list.slice(0, index), ...nodes, ...list.slice(index + count)];
}

/** The path split into its parent's path and its index there; undefined for `[]`. */
function split(path: Path): { readonly parent: Path; readonly index: number } | undefined {
  const index = path.at(-1);
  return index === undefined ? undefined : { parent: path.slice(0, -1), index };
}

/**
 * The tree with the children of the group at `parent` (`[]`: the top-level list) edited. The
 * tree itself when there is no group there, or when the edit changed nothing.
 */
function editChildren(
  list: FilterList,
  parent: Path,
  edit: (children: FilterList) => FilterList,
): FilterList {
  const [index, ...rest] = parent;
  if (index === undefined) return edit(list);
  const node = isIndexOf(list, index) ? list[index] : undefined;
  if (node?.type !== 'group') return list;
  const children = editChildren(node.children, rest, edit);
  return children === node.children ? list : spliced(list, index, 1, { ...node, children });
}

/**
 * The tree with `node` added to the group at `parent` (`[]`: the top level), at `index` among
 * its children (by default, after the last).
 */
export function add(list: FilterList, node: FilterNode, parent: Path, index?: number): FilterList {
  return editChildren(list, parent, (children) => {
    const at = index ?? children.length;
    const fits = Number.isInteger(at) && at >= 0 && at <= children.length;
    return fits ? spliced(children, at, 0, node) : children;
  });
}

/** The tree with the node at `path` replaced by `edit` of it. */
export function update(
  list: FilterList,
  path: Path,
  edit: (node: FilterNode) => FilterNode,
): FilterList {
  const at = split(path);
  if (!at) return list;
  return editChildren(list, at.parent, (children) => {
    const node = isIndexOf(children, at.index) ? children[at.index] : undefined;
    if (node === undefined) return children;
    const edited = edit(node);
    return edited === node ? children : spliced(children, at.index, 1, edited);
  });
}

/** The tree without the node at `path` (and all it holds). */
export function remove(list: FilterList, path: Path): FilterList {
  const at = split(path);
  if (!at) return list;
  return editChildren(list, at.parent, (children) =>
    isIndexOf(children, at.index) ? spliced(children, at.index, 1) : children,
  );
}

/**
 * The tree with the node at `from` moved. `to` is where it is found afterwards: a path in the
 * tree as it stands once the node is taken out (so a group never moves into itself), or one
 * place `up` or `down` among its siblings.
 */
export function move(list: FilterList, from: Path, to: Path | 'up' | 'down'): FilterList {
  const node = nodeAt(list, from);
  const at = split(from);
  if (node === undefined || at === undefined) return list;
  const target =
    to === 'up' ? [...at.parent, at.index - 1] : to === 'down' ? [...at.parent, at.index + 1] : to;
  const destination = split(target);
  if (destination === undefined) return list;
  const without = remove(list, from);
  const moved = add(without, node, destination.parent, destination.index);
  return moved === without ? list : moved;
}
