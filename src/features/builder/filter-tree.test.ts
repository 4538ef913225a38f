import { describe, expect, it } from 'vitest';
import { add, move, nodeAt, remove, update } from './filter-tree.ts';
import type { FilterNode } from './model.ts';
import { newGroup, withCombinator } from './model.ts';

const leaf = (id: string): FilterNode => ({
  type: 'condition',
  id,
  field: 'ticker',
  operator: '$equals',
  value: { kind: 'scalar', value: id },
});

/** a, (b or c), d */
const tree: readonly FilterNode[] = [
  leaf('a'),
  { ...newGroup('$or', [leaf('b'), leaf('c')]), id: 'g' },
  leaf('d'),
];

const ids = (list: readonly FilterNode[]): unknown[] =>
  list.map((node) => (node.type === 'group' ? [node.id, ids(node.children)] : node.id));

describe('the filter tree by path', () => {
  it('finds nodes at the top level and in groups, and nothing past a condition', () => {
    expect(nodeAt(tree, [1, 1])?.id).toBe('c');
    expect(nodeAt(tree, [0, 0])).toBeUndefined();
    expect(nodeAt(tree, [])).toBeUndefined();
  });

  it('adds into a group and at the top level', () => {
    expect(ids(add(tree, leaf('x'), [1], 0))).toEqual(['a', ['g', ['x', 'b', 'c']], 'd']);
    expect(ids(add(tree, leaf('x'), []))).toEqual(['a', ['g', ['b', 'c']], 'd', 'x']);
  });

  it('wraps a condition in a group, and changes a group’s combinator, by update', () => {
    const wrapped = update(tree, [2], (node) => ({ ...newGroup('$and', [node]), id: 'w' }));
    expect(ids(wrapped)).toEqual(['a', ['g', ['b', 'c']], ['w', ['d']]]);
    const anded = update(tree, [1], (node) => withCombinator(node, '$and'));
    expect(nodeAt(anded, [1])).toMatchObject({ combinator: '$and' });
    expect(anded[0]).toBe(tree[0]);
  });

  it('removes a group with what it holds', () => {
    expect(ids(remove(tree, [1]))).toEqual(['a', 'd']);
  });

  it('moves a condition into a group, out of it, and along its siblings', () => {
    // Once "a" is out, the group is at [0]: "a" goes in as its last child.
    expect(ids(move(tree, [0], [0, 2]))).toEqual([['g', ['b', 'c', 'a']], 'd']);
    expect(ids(move(tree, [1, 0], [3]))).toEqual(['a', ['g', ['c']], 'd', 'b']);
    expect(ids(move(tree, [2], 'up'))).toEqual(['a', 'd', ['g', ['b', 'c']]]);
    expect(move(tree, [2], 'down')).toBe(tree);
  });
});
