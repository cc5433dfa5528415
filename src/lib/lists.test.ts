import { describe, expect, it } from 'vitest';
import { upsertBy } from './lists';

interface Row {
  id: string;
  name: string;
}

const idOf = (row: Row) => row.id;
const byName = (a: Row, b: Row) => a.name.localeCompare(b.name);

describe('upsertBy', () => {
  it('replaces a known entry in place and appends a new one', () => {
    const list = [
      { id: '1', name: 'b' },
      { id: '2', name: 'a' },
    ];
    expect(upsertBy(list, { id: '1', name: 'z' }, idOf)).toEqual([
      { id: '1', name: 'z' },
      { id: '2', name: 'a' },
    ]);
    expect(upsertBy(list, { id: '3', name: 'c' }, idOf)).toEqual([...list, { id: '3', name: 'c' }]);
    expect(upsertBy(undefined, { id: '3', name: 'c' }, idOf)).toEqual([{ id: '3', name: 'c' }]);
  });

  it('sorts with compare, the item after entries that compare equal', () => {
    const list = [
      { id: '1', name: 'b' },
      { id: '2', name: 'a' },
      { id: '3', name: 'c' },
    ];
    expect(upsertBy(list, { id: '4', name: 'b' }, idOf, byName).map(idOf)).toEqual(['2', '1', '4', '3']);
    expect(upsertBy(list, { id: '3', name: 'a' }, idOf, byName).map(idOf)).toEqual(['2', '3', '1']);
  });

  it('leaves the list as it was', () => {
    const list = [{ id: '1', name: 'b' }];
    upsertBy(list, { id: '1', name: 'a' }, idOf);
    expect(list).toEqual([{ id: '1', name: 'b' }]);
  });
});
