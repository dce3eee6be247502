import type { StaffKnowledge } from '#common/api/knowledge.ts';
import { useT } from '#web/app/i18n.tsx';
import {
  ContributorLine,
  ReplyForm,
  ReviewCard,
  useToastMessages,
} from '#web/components/review-queue/review-card.tsx';
import { ReviewQueue } from '#web/components/review-queue/review-queue.tsx';
import { useKnowledgeQueue, useReplyKnowledge } from '../api/review-knowledge.ts';
import { AcceptKnowledgeForm, fieldLabel } from '../components/accept-knowledge-form.tsx';

/**
 * What visitors told about items (issue 29 §1), beside submissions: accept into a field of the
 * item (adding to it or replacing it, the text as edited), reject, or answer by e-mail. Live: a
 * contribution sent or reviewed anywhere reloads the list (components/review-queue/).
 */
export function AdminKnowledgePage() {
  const t = useT();
  return (
    <ReviewQueue
      title={t('admin.knowledge.title', 'What visitors told')}
      intro={t(
        'admin.knowledge.intro',
        'Visitors tell who is in a photo, where and when it was taken. Accept it into a field of the item, reject it, or answer by e-mail.',
      )}
      queue={useKnowledgeQueue()}
      renderItem={(row) => <Contribution row={row} />}
    />
  );
}

function Contribution({ row }: { row: StaffKnowledge }) {
  const t = useT();
  const reply = useReplyKnowledge(
    useToastMessages(t('admin.knowledge.reply_sent', 'Your answer is on its way.')),
  );
  const parts: [string, string | null][] = [
    [t('admin.knowledge.who', 'Who'), row.who],
    [t('admin.knowledge.where', 'Where'), row.place],
    [t('admin.knowledge.when', 'When'), row.time],
    [t('admin.knowledge.other', 'Other'), row.other],
  ];
  return (
    <ReviewCard row={row}>
      <p className="text-sm text-slate-700">
        <ContributorLine row={row} />
      </p>
      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[8rem_1fr]">
        {parts
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-medium text-slate-800">{label}</dt>
              <dd className="whitespace-pre-line text-slate-900">{value}</dd>
            </div>
          ))}
      </dl>
      {row.status === 'accepted' && row.acceptedField && (
        <p className="text-sm text-green-800">
          {t('admin.knowledge.accepted_into', 'Accepted into {field}.', {
            field: fieldLabel(row.acceptedField, t),
          })}
        </p>
      )}
      {row.status !== 'accepted' && <AcceptKnowledgeForm row={row} />}
      {row.contributorEmail && (
        <ReplyForm
          replied={Boolean(row.repliedAt)}
          pending={reply.isPending}
          send={(text, done) => reply.mutate({ id: row.id, text }, { onSuccess: done })}
        />
      )}
    </ReviewCard>
  );
}
