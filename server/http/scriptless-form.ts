import type { z } from 'zod';
import { findNul, NUL_MESSAGE } from '#common/text.ts';
import { AppError } from '#server/errors.ts';

/** What a form sent without script is answered with (the page draws it: thanks, or the refusal). */
export type ScriptlessFormResult<Field extends string> =
  | { outcome: 'sent' }
  | {
      outcome: 'refused';
      error: { code: string; message: string };
      issues: { path: string; message: string }[];
      /** What the visitor typed (the bots' field left out). */
      values: Partial<Record<Field, string>>;
    };

/**
 * A visitor's form posted without script to a page's own address (the media page's "Do you know
 * more" and "Suggest a name"): the same rules as the script's JSON — NUL, the schema, then the
 * feature's service (the bots' field, the allowance) — answered with the result and its status,
 * the refusal beside what was typed, so nothing typed is lost. `read` turns the typed fields into
 * the schema's input (adding what the address says); a refusal of ours (4xx) is an answer, anything
 * else is thrown.
 */
export async function takeScriptlessForm<Field extends string, S extends z.ZodType>(
  body: unknown,
  fieldNames: readonly Field[],
  schema: S,
  read: (fields: Partial<Record<Field, string>>) => unknown,
  send: (input: z.output<S>) => Promise<unknown>,
): Promise<{ status: number; result: ScriptlessFormResult<Field> }> {
  const posted = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const fields = Object.fromEntries(
    fieldNames.flatMap((name) => (typeof posted[name] === 'string' ? [[name, posted[name] as string]] : [])),
  ) as Partial<Record<Field, string>>;
  const refused = (
    status: number,
    code: string,
    message: string,
    issues: { path: string; message: string }[],
  ) => {
    // The bots' field is not given back: a person never filled it.
    const { website: _bots, ...values } = fields as Record<string, string>;
    return {
      status,
      result: {
        outcome: 'refused' as const,
        error: { code, message },
        issues,
        values: values as Partial<Record<Field, string>>,
      },
    };
  };
  const nul = findNul(fields as Record<string, string>);
  if (nul !== undefined)
    return refused(400, 'VALIDATION_ERROR', NUL_MESSAGE, [{ path: nul, message: NUL_MESSAGE }]);
  const parsed = schema.safeParse(read(fields));
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => ({
      path: issue.path.join('.'),
      message: issue.message,
    }));
    return refused(400, 'VALIDATION_ERROR', issues.map((i) => i.message).join('; '), issues);
  }
  try {
    await send(parsed.data);
    return { status: 200, result: { outcome: 'sent' } };
  } catch (error) {
    if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
    return refused(error.statusCode, error.code, error.message, []);
  }
}
