import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { preparedQueryHash, readPreparedQuery } from './prepared-query.ts';

describe('prepared query fragments', () => {
  it('carries any JSON body there and back', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (body) => {
        const read = readPreparedQuery(`#${preparedQueryHash(body)}`);
        expect(read).toEqual({ kind: 'query', body: JSON.parse(JSON.stringify(body)) as unknown });
      }),
    );
  });

  it('ignores fragments that are not a prepared query', () => {
    expect(readPreparedQuery('')).toEqual({ kind: 'none' });
    expect(readPreparedQuery('#main')).toEqual({ kind: 'none' });
  });

  it('reports a cut-short or edited link instead of throwing', () => {
    const hash = preparedQueryHash({ module: 'updates', filters: { max_num: '5' } });
    for (let length = 'query='.length + 1; length < hash.length; length += 1) {
      const read = readPreparedQuery(hash.slice(0, length));
      expect(['query', 'damaged']).toContain(read.kind);
    }
    expect(readPreparedQuery('#query=%7B%22module').kind).toBe('damaged');
    expect(readPreparedQuery('#query=%E0%A4%A').kind).toBe('damaged');
  });
});
