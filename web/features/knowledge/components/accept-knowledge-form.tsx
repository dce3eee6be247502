import { useId, useState } from 'react';
import type { StaffKnowledge } from '#common/api/knowledge.ts';
import { KNOWLEDGE_FIELDS, type KnowledgeField, type KnowledgeMode } from '#common/knowledge-form.ts';
import { type Translate, useT } from '#web/app/i18n.tsx';
import { ReviewForm, useToastMessages } from '#web/components/review-queue/review-card.tsx';
import { reviewControl, reviewLabel } from '#web/components/review-queue/review-queue.tsx';
import { useAcceptKnowledge, useRejectKnowledge } from '../api/review-knowledge.ts';

export function fieldLabel(field: KnowledgeField, t: Translate) {
  const labels: Record<KnowledgeField, string> = {
    description: t('admin.knowledge.field.description', 'Description'),
    historicalContext: t('admin.knowledge.field.historical_context', 'Historical context'),
    keywords: t('admin.knowledge.field.keywords', 'Keywords'),
    location: t('admin.knowledge.field.location', 'Location'),
    originalDate: t('admin.knowledge.field.original_date', 'Original date'),
  };
  return labels[field];
}

/** The text staff start from: what was told, one line per part. */
function toldText(row: StaffKnowledge) {
  return [row.who, row.place, row.time, row.other].filter(Boolean).join('\n');
}

/** Which field it goes into, adding or replacing, and the text as staff edit it. */
export function AcceptKnowledgeForm({ row }: { row: StaffKnowledge }) {
  const t = useT();
  const id = useId();
  const [field, setField] = useState<KnowledgeField>('description');
  const [mode, setMode] = useState<KnowledgeMode>('add');
  const [text, setText] = useState(() => toldText(row));
  const accept = useAcceptKnowledge(useToastMessages(t('admin.knowledge.accepted', 'Added to the item.')));
  const reject = useRejectKnowledge(useToastMessages(t('admin.knowledge.rejected', 'Rejected.')));

  return (
    <ReviewForm
      row={row}
      onAccept={() => accept.mutate({ id: row.id, field, mode, text })}
      onReject={() => reject.mutate(row.id)}
      canAccept={Boolean(text.trim())}
      busy={accept.isPending || reject.isPending}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-field`} className={reviewLabel}>
            {t('admin.knowledge.into', 'Add it to')}
          </label>
          <select
            id={`${id}-field`}
            className={reviewControl}
            value={field}
            onChange={(event) => setField(event.target.value as KnowledgeField)}
          >
            {KNOWLEDGE_FIELDS.map((value) => (
              <option key={value} value={value}>
                {fieldLabel(value, t)}
              </option>
            ))}
          </select>
        </div>
        <fieldset>
          <legend className={reviewLabel}>{t('admin.knowledge.mode', 'How')}</legend>
          <div className="mt-2 flex gap-4">
            {(['add', 'replace'] as const).map((value) => (
              <label key={value} className="inline-flex items-center gap-2 text-slate-900">
                <input
                  type="radio"
                  name={`${id}-mode`}
                  value={value}
                  checked={mode === value}
                  onChange={() => setMode(value)}
                />
                {value === 'add'
                  ? t('admin.knowledge.mode_add', 'Add to what is there')
                  : t('admin.knowledge.mode_replace', 'Replace it')}
              </label>
            ))}
          </div>
        </fieldset>
      </div>
      <div>
        <label htmlFor={`${id}-text`} className={reviewLabel}>
          {t('admin.knowledge.text', 'Text to add')}
        </label>
        <textarea
          id={`${id}-text`}
          className={reviewControl}
          rows={3}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
    </ReviewForm>
  );
}
