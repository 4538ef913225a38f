import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FilterList, Path } from './filter-tree.ts';
import { add, move, nodeAt, remove, update } from './filter-tree.ts';
import type { FilterNode } from './model.ts';

const RUNS = 300;

/** A condition whose value says which it is; its id is given by `numbered`. */
const condition = fc.constantFrom('a', 'b', 'c', 'd').map((name): FilterNode => ({
  type: 'condition',
  id: '',
  field: 'name',
  operator: '$equals',
  value: { kind: 'scalar', value: name },
}));

const { node: anyNode } = fc.letrec<{ node: FilterNode }>((tie) => ({
  node: fc.oneof(
    { maxDepth: 4, depthSize: 'large', depthIdentifier: 'tree' },
    { arbitrary: condition, weight: 1 },
    {
      arbitrary: fc
        .tuple(
          fc.constantFrom('$and' as const, '$or' as const),
          fc.array(tie('node'), { maxLength: 3, depthIdentifier: 'tree' }),
        )
        .map(([combinator, children]): FilterNode => ({
          type: 'group',
          id: '',
          combinator,
          children,
        })),
      weight: 2,
    },
  ),
}));

/** The tree with ids n1, n2, … in document order. */
function numbered(list: FilterList, prefix = 'n'): FilterList {
  let next = 0;
  const walk = (node: FilterNode): FilterNode => {
    next += 1;
    const id = `${prefix}${String(next)}`;
    return node.type === 'group'
      ? { ...node, id, children: node.children.map(walk) }
      : { ...node, id };
  };
  return list.map(walk);
}

const anyTree = fc.array(anyNode, { maxLength: 4 }).map((list) => numbered(list));

/** The ids of the tree in document order. */
function idsOf(list: FilterList): string[] {
  return list.flatMap((node) => [node.id, ...(node.type === 'group' ? idsOf(node.children) : [])]);
}

/** Every node's path, in document order. */
function pathsOf(list: FilterList, parent: Path = []): Path[] {
  return list.flatMap((node, index) => {
    const path = [...parent, index];
    return node.type === 'group' ? [path, ...pathsOf(node.children, path)] : [path];
  });
}

/** The children of the group at `parent` (`[]`: the top level); [] for no group. */
function childrenOf(list: FilterList, parent: Path): FilterList {
  const node = nodeAt(list, parent);
  return parent.length === 0 ? list : node?.type === 'group' ? node.children : [];
}

/** Every place a node may be added: a group's path (`[]`: the top level) and an index in it. */
function placesOf(list: FilterList): { parent: Path; index: number }[] {
  const groups = [[], ...pathsOf(list)].filter(
    (parent) => parent.length === 0 || nodeAt(list, parent)?.type === 'group',
  );
  return groups.flatMap((parent) =>
    Array.from({ length: childrenOf(list, parent).length + 1 }, (_, index) => ({ parent, index })),
  );
}

/** A tree with at least one node and the path of one of them. */
const treeAndPath = anyTree
  .filter((list) => list.length > 0)
  .chain((list) => fc.tuple(fc.constant(list), fc.constantFrom(...pathsOf(list))));

/** A tree and a place to add to it. */
const treeAndPlace = anyTree.chain((list) =>
  fc.tuple(fc.constant(list), fc.constantFrom(...placesOf(list))),
);

const fresh = numbered([{ type: 'group', id: '', combinator: '$or', children: [] }], 'new');
const added = fresh[0] as FilterNode;

describe('add', () => {
  it('puts the node where it was asked, and removing it there gives the tree back', () => {
    fc.assert(
      fc.property(treeAndPlace, ([list, { parent, index }]) => {
        const result = add(list, added, parent, index);
        expect(nodeAt(result, [...parent, index])).toBe(added);
        expect(idsOf(result)).toHaveLength(idsOf(list).length + 1);
        expect(remove(result, [...parent, index])).toEqual(list);
      }),
      { numRuns: RUNS },
    );
  });

  it('adds to the end by default, and leaves the tree itself when the parent is no group', () => {
    fc.assert(
      fc.property(treeAndPath, ([list, path]) => {
        const node = nodeAt(list, path);
        const result = add(list, added, path);
        if (node?.type === 'group') {
          expect(nodeAt(result, [...path, node.children.length])).toBe(added);
        } else {
          expect(result).toBe(list);
        }
      }),
      { numRuns: RUNS },
    );
  });
});

describe('update', () => {
  it('replaces the node at the path, shares every other branch, and an identity edit is no edit', () => {
    fc.assert(
      fc.property(treeAndPath, ([list, path]) => {
        expect(update(list, path, (node) => node)).toBe(list);
        const result = update(list, path, () => added);
        expect(nodeAt(result, path)).toBe(added);
        list.forEach((node, index) => {
          if (index !== path[0]) expect(result[index]).toBe(node);
        });
      }),
      { numRuns: RUNS },
    );
  });
});

describe('remove', () => {
  it('takes out the node and all it holds, and nothing else, in order', () => {
    fc.assert(
      fc.property(treeAndPath, ([list, path]) => {
        const node = nodeAt(list, path);
        const gone = node ? idsOf([node]) : [];
        expect(idsOf(remove(list, path))).toEqual(idsOf(list).filter((id) => !gone.includes(id)));
      }),
      { numRuns: RUNS },
    );
  });
});

describe('move', () => {
  /** A tree, the path of a node in it, and a place in the tree without that node. */
  const treePathAndPlace = treeAndPath.chain(([list, from]) =>
    fc.tuple(
      fc.constant(list),
      fc.constant(from),
      fc.constantFrom(...placesOf(remove(list, from))),
    ),
  );

  it('puts the node at `to`, keeps every node, and moving it back gives the tree back', () => {
    fc.assert(
      fc.property(treePathAndPlace, ([list, from, { parent, index }]) => {
        const to = [...parent, index];
        const result = move(list, from, to);
        expect(nodeAt(result, to)).toBe(nodeAt(list, from));
        expect(idsOf(result).sort()).toEqual(idsOf(list).sort());
        expect(move(result, to, from)).toEqual(list);
      }),
      { numRuns: RUNS },
    );
  });

  it('up then down is no move, and past either end is none either', () => {
    fc.assert(
      fc.property(treeAndPath, ([list, path]) => {
        const index = path.at(-1) ?? 0;
        const up = move(list, path, 'up');
        if (index === 0) expect(up).toBe(list);
        else expect(move(up, [...path.slice(0, -1), index - 1], 'down')).toEqual(list);
        if (index === childrenOf(list, path.slice(0, -1)).length - 1) {
          expect(move(list, path, 'down')).toBe(list);
        }
      }),
      { numRuns: RUNS },
    );
  });
});

describe('paths that lead nowhere', () => {
  const anyPath = fc.array(fc.integer({ min: -2, max: 5 }), { maxLength: 4 });

  it('leave the tree itself, or edit a node that is there, and never throw', () => {
    fc.assert(
      fc.property(anyTree, anyPath, anyPath, (list, path, other) => {
        const there = nodeAt(list, path) !== undefined;
        expect(remove(list, path) === list).toBe(!there);
        expect(update(list, path, () => added) === list).toBe(!there);
        const moved = move(list, path, other);
        if (!there) expect(moved).toBe(list);
        expect(idsOf(moved).sort()).toEqual(idsOf(list).sort());
      }),
      { numRuns: RUNS },
    );
  });
});
