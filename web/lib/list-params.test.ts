import { describe, expect, it } from 'vitest';
import {
  isFiltered,
  type ListSpec,
  listQueryString,
  readListParams,
  writeListParams,
} from './list-params.ts';

const spec: ListSpec<'status' | 'owner', 'newest' | 'oldest' | 'title'> = {
  filters: { status: ['pending', 'approved'], owner: null },
  sorts: ['newest', 'oldest', 'title'],
};
const read = (search: string) => readListParams(new URLSearchParams(search), spec);
const write = (search: string, change: Parameters<typeof writeListParams>[2]) =>
  writeListParams(new URLSearchParams(search), spec, change).toString();

describe('a list’s state in the URL', () => {
  it('reads search, filters, sort and cursor, with defaults for what is absent', () => {
    expect(read('')).toEqual({ q: '', filters: { status: '', owner: '' }, sort: 'newest', cursor: null });
    expect(read('q=+bátur+&status=approved&owner=Jógvan&sort=title&cursor=abc')).toEqual({
      q: 'bátur',
      filters: { status: 'approved', owner: 'Jógvan' },
      sort: 'title',
      cursor: 'abc',
    });
  });

  it('ignores filter values and sorts the list does not know', () => {
    expect(read('status=deleted&sort=random')).toMatchObject({ filters: { status: '' }, sort: 'newest' });
  });

  it('starts from the top when search, a filter or the sort changes', () => {
    expect(write('cursor=abc&status=pending', { filters: { status: 'approved' } })).toBe('status=approved');
    expect(write('cursor=abc', { q: 'hús' })).toBe('q=h%C3%BAs');
    expect(write('cursor=abc', { sort: 'title' })).toBe('sort=title');
  });

  it('keeps the filters when only the cursor changes, and other parameters always', () => {
    expect(write('status=pending&dialog=1', { cursor: 'next' })).toBe('status=pending&dialog=1&cursor=next');
    expect(write('status=pending&cursor=x', { cursor: null })).toBe('status=pending');
  });

  it('drops empty values and the default sort, so links stay short', () => {
    expect(write('q=a&status=pending&sort=title', { q: ' ', filters: { status: '' }, sort: 'newest' })).toBe(
      '',
    );
  });

  it('does not write parameters that are not the list’s filters', () => {
    expect(write('', { filters: { role: 'admin' } as never })).toBe('');
  });

  it('tells a filtered list from the whole one', () => {
    expect(isFiltered(read('sort=title&cursor=x'))).toBe(false);
    expect(isFiltered(read('q=x'))).toBe(true);
    expect(isFiltered(read('owner=x'))).toBe(true);
  });
});

describe('the API query of a list page', () => {
  it('carries the set parts in a fixed order', () => {
    const params = read('status=pending&q=bátur&owner=x');
    expect(listQueryString(params, { cursor: 'c1', limit: 25 })).toBe(
      '?q=b%C3%A1tur&owner=x&status=pending&sort=newest&cursor=c1&limit=25',
    );
    expect(listQueryString({ q: '', filters: {}, sort: null })).toBe('');
  });
});
