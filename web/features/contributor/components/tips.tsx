import { Lightbulb } from 'lucide-react';
import { useT } from '#web/app/i18n.tsx';

/** Short advice for better submissions. */
export function Tips() {
  const t = useT();
  const tips = [
    t(
      'contributor.tips.details',
      'Skriva nær og hvar myndin er tikin, og hvørji eru á henni. Eitt umleið ártal, sum "um 1950", er eisini gott.',
    ),
    t(
      'contributor.tips.quality',
      'Skanna myndirnar í góðari góðsku, helst 300 dpi ella meira, og uttan ramma og glas.',
    ),
    t('contributor.tips.story', 'Greið frá søguni aftan fyri myndina: hvat hendi, og hví hon hevur týdning.'),
    t('contributor.tips.source', 'Skriva, hvør tók myndina, og hvaðani hon kemur, um tú veitst tað.'),
  ];
  return (
    <section
      aria-labelledby="contributor-tips-heading"
      className="rounded-lg border border-blue-200 bg-blue-50 p-4"
    >
      <h2
        id="contributor-tips-heading"
        className="flex items-center gap-2 text-xl font-semibold text-slate-900"
      >
        <Lightbulb aria-hidden="true" className="size-5 text-blue-800" />
        {t('contributor.tips.title', 'Góð ráð')}
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-800">
        {tips.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ul>
    </section>
  );
}
