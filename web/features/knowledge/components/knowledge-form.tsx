import { Send } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import {
  KNOWLEDGE_FORM_RESULT,
  KNOWLEDGE_TEXT_MAX,
  type KnowledgeFormField,
  type KnowledgeFormResult,
} from '#common/knowledge-form.ts';
import { LOOSE_EMAIL } from '#common/form-reply.ts';
import { paths } from '#common/paths.ts';
import { useT } from '#web/app/i18n.tsx';
import { Honeypot } from '#web/components/honeypot.tsx';
import { Alert } from '#web/components/alert.tsx';
import { primaryButton, secondaryButton } from '#web/components/button.tsx';
import { useMe } from '#web/features/auth/index.ts';
import { ApiRequestError } from '#web/lib/api-fetch.ts';
import { useBootData } from '#web/lib/boot-data.ts';
import { useErrorText } from '#web/lib/error-text.ts';
import { useSendKnowledge } from '../api/send-knowledge.ts';

type Values = Record<Exclude<KnowledgeFormField, 'website'>, string>;
const EMPTY: Values = { who: '', place: '', time: '', other: '', contributorName: '', contributorEmail: '' };

const input =
  'mt-1 block w-full rounded-md border border-slate-400 px-3 py-2 text-slate-900 aria-invalid:border-red-600';

/**
 * "Do you know more about this photo?" (issue 29 §1): who is on it, where and when it was taken,
 * anything else, and a name and address for the credit, both optional. Before the script arrives
 * (a slow phone) or without it, the browser posts the form to the media page's own address and
 * the server answers with the page drawn again, the outcome embedded (common/knowledge-form.ts);
 * with the script, it is sent as JSON and the page stays as it is.
 */
export function KnowledgeForm({
  mediaId,
  headingLevel = 2,
  autoFocus = false,
}: {
  mediaId: string;
  headingLevel?: 2 | 3;
  /** Opened by a button that is gone now (the lightbox): focus moves to the first field. */
  autoFocus?: boolean;
}) {
  const t = useT();
  const say = useErrorText();
  const id = useId();
  const take = useBootData();
  const { data: me } = useMe();
  // What came of the form sent without script, taken once (a later visit starts afresh).
  const [posted, setPosted] = useState(() => take<KnowledgeFormResult>(KNOWLEDGE_FORM_RESULT) ?? null);
  const refused = posted?.outcome === 'refused' ? posted : null;
  const [values, setValues] = useState<Values>(() => ({
    ...EMPTY,
    contributorName: me?.fullName ?? '',
    ...refused?.values,
  }));
  const [problem, setProblem] = useState<'nothing' | 'email' | null>(null);
  const send = useSendKnowledge();
  const sent = posted?.outcome === 'sent' || send.isSuccess;
  // Sent by the script, the form the focus was in is gone: the focus goes to what replaced it.
  const more = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (send.isSuccess) more.current?.focus();
  }, [send.isSuccess]);

  useEffect(() => {
    if (autoFocus) document.getElementById(`${id}-who`)?.focus();
  }, [autoFocus, id]);

  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = `${id}-heading`;
  const field = (name: keyof Values) => ({
    id: `${id}-${name}`,
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [name]: event.target.value })),
  });

  if (sent) {
    return (
      <section aria-labelledby={headingId} className="space-y-3 rounded-lg border border-slate-200 p-4">
        <Heading id={headingId} className="text-lg font-semibold text-slate-900">
          {t('knowledge.title', 'Veitst tú meira um hesa myndina?')}
        </Heading>
        <Alert tone="success">
          {t('knowledge.thanks', 'Takk fyri! Starvsfólk savnsins hyggja eftir tí, tú skrivaði.')}
        </Alert>
        <button
          ref={more}
          type="button"
          className={secondaryButton}
          onClick={() => {
            setPosted(null);
            send.reset();
            setValues((v) => ({
              ...EMPTY,
              contributorName: v.contributorName,
              contributorEmail: v.contributorEmail,
            }));
          }}
        >
          {t('knowledge.tell_more', 'Fortel meira')}
        </button>
      </section>
    );
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPosted(null);
    const told = [values.who, values.place, values.time, values.other].some((v) => v.trim());
    const email = values.contributorEmail.trim();
    const check = !told ? 'nothing' : email && !LOOSE_EMAIL.test(email) ? 'email' : null;
    setProblem(check);
    if (check) {
      document.getElementById(`${id}-${check === 'nothing' ? 'who' : 'contributorEmail'}`)?.focus();
      return;
    }
    const website = (new FormData(event.currentTarget).get('website') as string | null) ?? '';
    send.mutate({ mediaId, ...values, website });
  }

  const serverIssue = (name: string) => refused?.issues.some((issue) => issue.path === name);
  const nothingError =
    problem === 'nothing' || serverIssue('other')
      ? t('knowledge.nothing', 'Skriva í minsta lagi eitt um myndina.')
      : undefined;
  const emailError =
    problem === 'email' || serverIssue('contributorEmail')
      ? t('knowledge.email_invalid', 'Teldupostadressan sær ikki rætt út.')
      : undefined;
  const failure = send.error
    ? say(send.error)
    : refused && !nothingError && !emailError
      ? say(new ApiRequestError(400, refused.error.code, refused.error.message))
      : null;

  const text = (name: 'who' | 'place' | 'time' | 'other', label: string, rows = 2) => (
    <div>
      <label htmlFor={`${id}-${name}`} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        {...field(name)}
        rows={rows}
        maxLength={KNOWLEDGE_TEXT_MAX}
        aria-invalid={nothingError ? true : undefined}
        aria-describedby={nothingError ? `${id}-nothing` : undefined}
        className={input}
      />
    </div>
  );

  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-lg border border-slate-200 p-4">
      <Heading id={headingId} className="text-lg font-semibold text-slate-900">
        {t('knowledge.title', 'Veitst tú meira um hesa myndina?')}
      </Heading>
      <p className="text-sm text-slate-700">
        {t(
          'knowledge.intro',
          'Fortel okkum tað, tú veitst. Starvsfólk savnsins lesa tað, áðrenn tað verður lagt afturat myndini.',
        )}
      </p>
      <form method="post" action={paths.media(mediaId)} onSubmit={onSubmit} noValidate className="space-y-3">
        {failure && <Alert tone="error">{failure}</Alert>}
        {text('who', t('knowledge.who', 'Hvør er á myndini?'))}
        {text('place', t('knowledge.place', 'Hvar er myndin tikin?'), 1)}
        {text('time', t('knowledge.time', 'Nær er myndin tikin?'), 1)}
        {text('other', t('knowledge.other', 'Annað, tú veitst'), 3)}
        {nothingError && (
          <p id={`${id}-nothing`} className="text-sm text-red-700">
            {nothingError}
          </p>
        )}
        <div className="grid gap-3 sm:grid-cols-2">
          <div>
            <label htmlFor={`${id}-contributorName`} className="block text-sm font-medium text-slate-800">
              {t('knowledge.name', 'Navn (valfrítt, til heiðurs)')}
            </label>
            <input
              {...field('contributorName')}
              type="text"
              maxLength={200}
              autoComplete="name"
              className={input}
            />
          </div>
          <div>
            <label htmlFor={`${id}-contributorEmail`} className="block text-sm font-medium text-slate-800">
              {t('knowledge.email', 'Teldupostur (valfrítt)')}
            </label>
            <input
              {...field('contributorEmail')}
              type="email"
              maxLength={320}
              autoComplete="email"
              aria-invalid={emailError ? true : undefined}
              aria-describedby={`${id}-email-hint`}
              className={input}
            />
            <p id={`${id}-email-hint`} className="mt-1 text-sm text-slate-600">
              {emailError ?? t('knowledge.email_hint', 'Vit takka tær, tá ið tað er lagt afturat myndini.')}
            </p>
          </div>
        </div>
        <Honeypot id={`${id}-website`} defaultValue="" />
        <button type="submit" className={primaryButton} disabled={send.isPending}>
          <Send aria-hidden="true" className="size-5" />
          {send.isPending ? t('knowledge.sending', 'Sendir…') : t('knowledge.send', 'Send')}
        </button>
      </form>
    </section>
  );
}
