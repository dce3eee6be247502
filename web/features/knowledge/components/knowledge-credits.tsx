import { useT } from '#web/app/i18n.tsx';

/** The credits of an item (issue 29 §1): "Upplýsing frá {name}, {year}", one line each. */
export function KnowledgeCredits({
  credits,
}: {
  credits: { name: string | null; year: number }[] | undefined;
}) {
  const t = useT();
  if (!credits || credits.length === 0) return null;
  return (
    <ul className="space-y-1 text-sm text-slate-700">
      {credits.map((credit, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the credits are listed in a fixed order and never move
        <li key={index}>
          {credit.name
            ? t('knowledge.credit', 'Upplýsing frá {name}, {year}', {
                name: credit.name,
                year: String(credit.year),
              })
            : t('knowledge.credit_anonymous', 'Upplýsing frá einum vitjandi, {year}', {
                year: String(credit.year),
              })}
        </li>
      ))}
    </ul>
  );
}
