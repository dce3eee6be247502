/**
 * Lays out one compiled SQL statement for reading in a review (server/db/queries/*.sql, written by
 * sql-snapshots.test.ts). No formatter package is installed, so this is a small one: each clause
 * keyword on a line of its own with what follows it indented below, one select column, one
 * `set` assignment and one `and`/`or` condition of a where clause per line, a subquery indented
 * inside its parentheses; expressions (function calls, `in (…)`, casts) stay on their line. The
 * whitespace a hand-written `sql` template carries is replaced, so the layout is the same whether
 * Kysely's builder or a template wrote the statement. String literals and quoted names are kept
 * exactly as they are.
 */

type Token = { kind: 'word' | 'string' | 'open' | 'close' | 'comma' | 'other'; text: string };

const TOKEN =
  /\s+|[Ee]'(?:[^'\\]|\\.|'')*'|'(?:[^']|'')*'|"(?:[^"]|"")*"|\$\d+|[A-Za-z_][A-Za-z0-9_$]*|\d+(?:\.\d+)?|::|[(),]|[<>!=|&:+\-*/%~^@#?.;[\]]+/gy;

function tokenize(sql: string): Token[] {
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  let index = 0;
  while (index < sql.length) {
    TOKEN.lastIndex = index;
    const match = TOKEN.exec(sql);
    // Anything the pattern does not know (it should not happen) is kept, one character at a time.
    const text = match ? match[0] : sql[index]!;
    index += text.length;
    if (/^\s+$/.test(text)) continue;
    const first = text[0]!;
    if (text === '(') tokens.push({ kind: 'open', text });
    else if (text === ')') tokens.push({ kind: 'close', text });
    else if (text === ',') tokens.push({ kind: 'comma', text });
    else if (first === "'" || ((first === 'E' || first === 'e') && text[1] === "'"))
      tokens.push({ kind: 'string', text });
    else if (/^[A-Za-z_]/.test(text)) tokens.push({ kind: 'word', text });
    else tokens.push({ kind: 'other', text });
  }
  return tokens;
}

/** Clause keywords (longest first): each starts a line of its own, what follows is indented. */
const CLAUSES = [
  'on conflict',
  'do update set',
  'do nothing',
  'insert into',
  'delete from',
  'group by',
  'order by',
  'union all',
  'for update',
  'for share',
  'for no key update',
  'skip locked',
  'select distinct on',
  'select distinct',
  'with recursive',
  'select',
  'from',
  'where',
  'having',
  'limit',
  'offset',
  'returning',
  'values',
  'set',
  'update',
  'union',
  'intersect',
  'except',
  'with',
].map((phrase) => phrase.split(' '));

/** Joins start a line inside the from clause. */
const JOINS = [
  'left join lateral',
  'inner join lateral',
  'cross join lateral',
  'left outer join',
  'left join',
  'right join',
  'full join',
  'inner join',
  'cross join',
  'join',
].map((phrase) => phrase.split(' '));

/** Clauses whose top-level commas end a line (one column, one assignment, one row per line). */
const LISTS = new Set([
  'select',
  'select distinct',
  'group by',
  'order by',
  'returning',
  'set',
  'do update set',
  'values',
  'with',
  'from',
]);
/** Clauses whose top-level `and`/`or` start a line. */
const CONDITIONS = new Set(['where', 'having']);
/** A parenthesis whose first word is one of these holds a statement: it is laid out indented. */
const STATEMENT_START = new Set(['select', 'with', 'values', 'insert', 'update', 'delete']);

interface Level {
  statement: boolean;
  /** The indent of this level's clause keywords. */
  indent: number;
  clause: string;
  /** `between … and`: the next `and` belongs to it. */
  between: boolean;
  /** Open `case … end`: their `and`s are the expression's. */
  cases: number;
}

function matchPhrase(tokens: Token[], at: number, phrases: string[][]): string[] | undefined {
  for (const phrase of phrases) {
    if (
      phrase.every(
        (word, i) => tokens[at + i]?.kind === 'word' && tokens[at + i]!.text.toLowerCase() === word,
      )
    )
      return phrase;
  }
  return undefined;
}

export function layoutSql(sql: string): string {
  const tokens = tokenize(sql);
  const lines: string[] = [];
  let line = '';
  let lineIndent = 0;
  const newLine = (indent: number) => {
    if (line.trim() !== '') lines.push(`${'  '.repeat(lineIndent)}${line}`);
    line = '';
    lineIndent = indent;
  };
  const emit = (text: string, space = true) => {
    if (line !== '' && space && !line.endsWith('(') && !line.endsWith('::') && !line.endsWith('.'))
      line += ' ';
    line += text;
  };
  const stack: Level[] = [{ statement: true, indent: 0, clause: '', between: false, cases: 0 }];

  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const level = stack[stack.length - 1]!;
    const lower = token.text.toLowerCase();
    if (token.kind === 'word' && level.statement) {
      const previous = tokens[i - 1]?.text.toLowerCase();
      const following = tokens[i + 1]?.text.toLowerCase();
      // `is distinct from`, `with ordinality`, `with time zone` are not clauses.
      const notClause =
        previous === 'distinct' ||
        previous === 'is' ||
        (lower === 'with' && (following === 'ordinality' || following === 'time'));
      const clause = notClause ? undefined : matchPhrase(tokens, i, CLAUSES);
      if (clause) {
        newLine(level.indent);
        emit(
          tokens
            .slice(i, i + clause.length)
            .map((t) => t.text)
            .join(' '),
        );
        level.clause = clause.join(' ');
        newLine(level.indent + 1);
        i += clause.length - 1;
        continue;
      }
      const join = matchPhrase(tokens, i, JOINS);
      if (join) {
        newLine(level.indent + 1);
        emit(
          tokens
            .slice(i, i + join.length)
            .map((t) => t.text)
            .join(' '),
        );
        i += join.length - 1;
        continue;
      }
      if (lower === 'case') level.cases += 1;
      else if (lower === 'end' && level.cases > 0) level.cases -= 1;
      else if (lower === 'between') level.between = true;
      else if (lower === 'and' && level.between) level.between = false;
      else if ((lower === 'and' || lower === 'or') && CONDITIONS.has(level.clause) && level.cases === 0) {
        newLine(level.indent + 1);
        emit(token.text);
        continue;
      }
      emit(token.text);
      continue;
    }
    if (token.kind === 'open') {
      const next = tokens[i + 1];
      const statement = next?.kind === 'word' && STATEMENT_START.has(next.text.toLowerCase());
      // A function's parenthesis sits on its name; any other is spaced.
      const previous = tokens[i - 1];
      emit('(', !(previous?.kind === 'word' && !isKeyword(previous.text)));
      stack.push({ statement, indent: lineIndent + 1, clause: '', between: false, cases: 0 });
      continue;
    }
    if (token.kind === 'close') {
      const closed = stack.length > 1 ? stack.pop()! : level;
      if (closed.statement) newLine(closed.indent - 1);
      emit(')', false);
      continue;
    }
    if (token.kind === 'comma') {
      emit(',', false);
      if (level.statement && LISTS.has(level.clause)) newLine(level.indent + 1);
      continue;
    }
    // Casts, qualified names and array brackets hold on to what precedes them.
    emit(
      token.text,
      !(
        token.text === ';' ||
        token.text.startsWith('::') ||
        token.text.startsWith('.') ||
        token.text.startsWith('[')
      ),
    );
  }
  newLine(0);
  return lines.join('\n');
}

/** Words after which a parenthesis is not a function call's. */
function isKeyword(word: string): boolean {
  return /^(in|and|or|not|exists|as|on|select|from|where|values|any|all|some|lateral|join|when|then|else|is|over|filter|using|into|by|with|set|returning|conflict)$/i.test(
    word,
  );
}
