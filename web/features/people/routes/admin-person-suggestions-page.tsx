import { Link } from 'react-router';
import type { StaffSuggestion } from '#common/api/people.ts';
import { paths } from '#common/paths.ts';
import { useT } from '#web/app/i18n.tsx';
import { ContributorLine, ReviewCard } from '#web/components/review-queue/review-card.tsx';
import { ReviewQueue } from '#web/components/review-queue/review-queue.tsx';
import { useSuggestionQueue } from '../api/admin-people.ts';
import { AcceptSuggestionForm } from '../components/accept-suggestion-form.tsx';

/**
 * Visitors' names for people on photos (issue 29 §2), reviewed like what they tell (part 1, the
 * same components/review-queue/): accept with a person from the list or a new one (the name as
 * the visitor wrote it, or edited), or reject. Live: a name sent or reviewed anywhere reloads it.
 */
export function AdminPersonSuggestionsPage() {
  const t = useT();
  return (
    <ReviewQueue
      title={t('admin.person_suggestions.title', 'Names for people on photos')}
      intro={
        <>
          {t(
            'admin.person_suggestions.intro',
            'Visitors name a person in a box on a photo, or draw a new box. Accept the name with a person from the list or a new one, or reject it.',
          )}{' '}
          <Link to={paths.admin.people} className="text-blue-700 underline">
            {t('admin.nav.people', 'People')}
          </Link>
        </>
      }
      queue={useSuggestionQueue()}
      renderItem={(row) => <Suggestion row={row} />}
    />
  );
}

/** The photo with the box drawn on it, what the box is now, how the visitor knows, and from whom. */
function Suggestion({ row }: { row: StaffSuggestion }) {
  const t = useT();
  const { box } = row;
  return (
    <ReviewCard row={row} before={<>«{row.name}» · </>}>
      <div className="flex flex-wrap gap-4">
        {row.media.thumb && (
          <div className="relative inline-block">
            <img src={row.media.thumb} alt={row.media.title} className="block h-40 w-auto rounded" />
            <span
              aria-hidden="true"
              className="absolute border-2 border-yellow-300 shadow-[0_0_0_1px_rgba(0,0,0,0.8)]"
              style={{
                left: `${box.x * 100}%`,
                top: `${box.y * 100}%`,
                width: `${box.w * 100}%`,
                height: `${box.h * 100}%`,
              }}
            />
          </div>
        )}
        <dl className="grid flex-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[9rem_1fr]">
          <dt className="font-medium text-slate-800">{t('admin.person_suggestions.box', 'Box')}</dt>
          <dd className="text-slate-900">
            {box.id
              ? box.personName
                ? t('admin.person_suggestions.named_now', 'Named now: {name}', { name: box.personName })
                : t('admin.person_suggestions.unnamed_box', 'An unnamed box')
              : t('admin.person_suggestions.new_box', 'A new box the visitor drew')}
          </dd>
          {row.note && (
            <>
              <dt className="font-medium text-slate-800">
                {t('admin.person_suggestions.note', 'How they know')}
              </dt>
              <dd className="whitespace-pre-line text-slate-900">{row.note}</dd>
            </>
          )}
          <dt className="font-medium text-slate-800">{t('admin.person_suggestions.from', 'From')}</dt>
          <dd className="text-slate-900">
            <ContributorLine row={row} />
          </dd>
        </dl>
      </div>
      {row.status === 'accepted' && row.person && (
        <p className="text-sm text-green-800">
          {t('admin.person_suggestions.accepted_as', 'Named {name}.', { name: row.person.name })}
        </p>
      )}
      {row.status !== 'accepted' && <AcceptSuggestionForm row={row} />}
    </ReviewCard>
  );
}
