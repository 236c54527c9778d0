import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors.ts';
import { parseListQuery, refuseListParameters } from './list-query.ts';

const RULES = {
  sortFields: { name: 'name', date_created: 'created_at' } as Record<string, 'name' | 'created_at'>,
  defaultSort: 'name',
  filters: ['email'] as const,
  includes: ['account'],
};

function errorOf(run: () => unknown): ApiError {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return error;
  }
  throw new Error('expected an ApiError');
}

describe('parseListQuery', () => {
  it('defaults to the first page of 25 in the default order', () => {
    expect(parseListQuery({}, RULES)).toEqual({
      page: 1,
      pageSize: 25,
      sort: [{ column: 'name', descending: false }],
      filter: {},
      include: new Set(),
    });
  });

  it('reads page, size, a multi-key sort, filters and includes', () => {
    const query = parseListQuery(
      {
        'page[number]': '3',
        'page[size]': '300',
        sort: '-date_created,name',
        'filter[email]': 'ada',
        include: 'account',
      },
      RULES,
    );
    expect(query).toEqual({
      page: 3,
      pageSize: 300,
      sort: [
        { column: 'created_at', descending: true },
        { column: 'name', descending: false },
      ],
      filter: { email: 'ada' },
      include: new Set(['account']),
    });
  });

  it('points each mistake at its parameter', () => {
    expect(errorOf(() => parseListQuery({ 'page[size]': '301' }, RULES)).errors[0]).toMatchObject({
      status: '400',
      code: 'invalid_parameter',
      detail: 'page[size] must be 1 to 300.',
      source: { parameter: 'page[size]' },
    });
    expect(errorOf(() => parseListQuery({ 'page[number]': '0' }, RULES)).errors[0]?.source).toEqual(
      {
        parameter: 'page[number]',
      },
    );
    expect(
      errorOf(() => parseListQuery({ 'page[number]': ['1', '2'] }, RULES)).errors[0]?.detail,
    ).toBe('Give page[number] once.');
    expect(errorOf(() => parseListQuery({ sort: 'password' }, RULES)).errors[0]?.detail).toBe(
      'Sort by one of: name, date_created.',
    );
  });
});

describe('names every object has', () => {
  const INHERITED = ['__proto__', 'constructor', 'toString', 'hasOwnProperty'];

  it('are no sort field, filter or include of a list', () => {
    for (const name of INHERITED) {
      for (const [query, parameter] of [
        [{ sort: name }, 'sort'],
        [{ sort: `-${name}` }, 'sort'],
        [{ [`filter[${name}]`]: 'x' }, `filter[${name}]`],
        [{ include: name }, 'include'],
      ] as const) {
        const error = errorOf(() => parseListQuery(query, RULES));
        expect(error.errors[0], JSON.stringify(query)).toMatchObject({
          code: 'invalid_parameter',
          source: { parameter },
        });
      }
    }
  });

  it('are refused by a list without sort or include, as its unknown filters are', () => {
    for (const name of INHERITED) {
      for (const query of [{ sort: name }, { include: name }, { [`filter[${name}]`]: 'x' }]) {
        const error = errorOf(() => refuseListParameters(query, ['source_id']));
        expect(error.status, JSON.stringify(query)).toBe(400);
      }
    }
    expect(() =>
      refuseListParameters({ 'filter[source_id]': 'x', limit: '5' }, ['source_id']),
    ).not.toThrow();
  });
});
