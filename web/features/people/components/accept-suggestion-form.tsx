import { useId, useState } from 'react';
import type { StaffSuggestion } from '#common/api/people.ts';
import { useT } from '#web/app/i18n.tsx';
import { ReviewForm, useToastMessages } from '#web/components/review-queue/review-card.tsx';
import { reviewControl, reviewLabel } from '#web/components/review-queue/review-queue.tsx';
import { useAcceptSuggestion, usePeopleList, useRejectSuggestion } from '../api/admin-people.ts';
import { PersonOptions } from './person-options.tsx';

/** A person from the list (those whose name is like the one sent) or a new one, named as edited. */
export function AcceptSuggestionForm({ row }: { row: StaffSuggestion }) {
  const t = useT();
  const id = useId();
  const { data } = usePeopleList(row.name);
  const matches = data?.pages.flatMap((page) => page.items) ?? [];
  const [choice, setChoice] = useState<string>('new');
  const [name, setName] = useState(row.name);
  const accept = useAcceptSuggestion(
    useToastMessages(t('admin.person_suggestions.accepted', 'The name is on the photo.')),
  );
  const reject = useRejectSuggestion(useToastMessages(t('admin.knowledge.rejected', 'Rejected.')));

  return (
    <ReviewForm
      row={row}
      onAccept={() =>
        accept.mutate(
          choice === 'new' ? { id: row.id, newPerson: { name } } : { id: row.id, personId: choice },
        )
      }
      onReject={() => reject.mutate(row.id)}
      canAccept={choice !== 'new' || Boolean(name.trim())}
      busy={accept.isPending || reject.isPending}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-who`} className={reviewLabel}>
            {t('admin.person_suggestions.as', 'Name the box as')}
          </label>
          <select
            id={`${id}-who`}
            className={reviewControl}
            value={choice}
            onChange={(e) => setChoice(e.target.value)}
          >
            <option value="new">{t('admin.people.new_person', 'Nýggjur persónur…')}</option>
            <PersonOptions people={matches} />
          </select>
        </div>
        {choice === 'new' && (
          <div>
            <label htmlFor={`${id}-name`} className={reviewLabel}>
              {t('admin.people.new_name', 'Navn á nýggja persóninum')}
            </label>
            <input
              id={`${id}-name`}
              type="text"
              maxLength={200}
              className={reviewControl}
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          </div>
        )}
      </div>
    </ReviewForm>
  );
}
