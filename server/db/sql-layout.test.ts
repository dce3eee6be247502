import { describe, expect, it } from 'vitest';
import { layoutSql } from './sql-layout.ts';

describe('layoutSql', () => {
  it('puts each clause on a line, its columns and conditions one per line below it', () => {
    expect(
      layoutSql(
        'select "a"."id", count(*) as "n" from "a" left join "b" on "b"."id" = "a"."b_id" where "a"."x" = $1 and "a"."y" in ($2, $3) group by "a"."id" order by "n" desc limit $4',
      ),
    ).toBe(
      [
        'select',
        '  "a"."id",',
        '  count(*) as "n"',
        'from',
        '  "a"',
        '  left join "b" on "b"."id" = "a"."b_id"',
        'where',
        '  "a"."x" = $1',
        '  and "a"."y" in ($2, $3)',
        'group by',
        '  "a"."id"',
        'order by',
        '  "n" desc',
        'limit',
        '  $4',
      ].join('\n'),
    );
  });

  it('indents a subquery inside its parentheses and keeps an expression on its line', () => {
    expect(
      layoutSql(
        'select (select count(*) from "folders" where "x" between $1 and $2) as "folders", coalesce(sum("v"), 0) filter (where "w" and "z") from "t"',
      ),
    ).toBe(
      [
        'select',
        '  (',
        '    select',
        '      count(*)',
        '    from',
        '      "folders"',
        '    where',
        '      "x" between $1 and $2',
        '  ) as "folders",',
        '  coalesce(sum("v"), 0) filter (where "w" and "z")',
        'from',
        '  "t"',
      ].join('\n'),
    );
  });

  it("keeps string literals and a template's casts as written, whatever whitespace the template had", () => {
    expect(
      layoutSql("select  x ||  E'\\n  two  spaces'  ||  'it''s   here'\n   from t where d = $1::int[]"),
    ).toBe(
      [
        'select',
        "  x || E'\\n  two  spaces' || 'it''s   here'",
        'from',
        '  t',
        'where',
        '  d = $1::int[]',
      ].join('\n'),
    );
  });

  it('lays out writes: insert, on conflict, update … set, returning', () => {
    expect(
      layoutSql(
        'insert into "s" ("k", "v") values ($1, $2) on conflict ("k") do update set "v" = $3, "at" = now() returning "k"',
      ),
    ).toBe(
      [
        'insert into',
        '  "s" ("k", "v")',
        'values',
        '  ($1, $2)',
        'on conflict',
        '  ("k")',
        'do update set',
        '  "v" = $3,',
        '  "at" = now()',
        'returning',
        '  "k"',
      ].join('\n'),
    );
  });
});
