import { RIGHTS_STATEMENTS, type RightsStatement, rightsStatement } from '#common/rights.ts';
import { useLanguage } from '#web/app/i18n.tsx';

const BADGE_COLOURS: Record<RightsStatement['family'], string> = {
  'in-copyright': 'bg-red-800 text-white',
  'no-copyright': 'bg-emerald-800 text-white',
  other: 'bg-slate-700 text-white',
  'creative-commons': 'bg-black text-white',
};

/** The statement's short code as a badge: its icon, drawn here (no outside image). */
export function RightsBadge({ statement }: { statement: RightsStatement }) {
  return (
    <span
      aria-hidden="true"
      className={`mr-2 inline-block rounded px-1.5 py-0.5 font-mono text-xs font-semibold ${BADGE_COLOURS[statement.family]}`}
    >
      {statement.code}
    </span>
  );
}

/**
 * An item's rights statement (issue 26 §1): its badge and its name in the visitor's language,
 * linked to the statement itself (`rel="license"`, so machines find it too).
 */
export function RightsStatementLink({ uri }: { uri: string }) {
  const { lang } = useLanguage();
  const statement = rightsStatement(uri);
  if (!statement) return null;
  return (
    <a
      href={statement.uri}
      rel="license noopener noreferrer"
      target="_blank"
      className="text-blue-800 underline underline-offset-2 hover:text-blue-950 focus-visible:outline-2 focus-visible:outline-blue-700"
    >
      <RightsBadge statement={statement} />
      {lang === 'en' ? statement.en : statement.fo}
    </a>
  );
}

/** The statements as choices for a select, named in the reader's language. */
export function useRightsOptions(): { value: string; label: string }[] {
  const { lang } = useLanguage();
  return RIGHTS_STATEMENTS.map((r) => ({
    value: r.uri,
    label: `${r.code} – ${lang === 'en' ? r.en : r.fo}`,
  }));
}

/** A plain select's options: `empty` first (keep, or the site's default), then every statement. */
export function RightsChoices({ empty }: { empty: string }) {
  const options = useRightsOptions();
  return (
    <>
      <option value="">{empty}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </>
  );
}
