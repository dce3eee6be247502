import { Send, Users } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { PublicBox } from '#common/api/people.ts';
import { LOOSE_EMAIL } from '#common/form-reply.ts';
import { paths } from '#common/paths.ts';
import {
  type BoxRect,
  FORM_MARK_FIELD,
  PERSON_FORM_MARK,
  PERSON_FORM_RESULT,
  PERSON_NAME_MAX,
  type PersonFormField,
  type PersonFormResult,
  SUGGESTION_NOTE_MAX,
} from '#common/people.ts';
import { useT } from '#web/app/i18n.tsx';
import { Honeypot } from '#web/components/honeypot.tsx';
import { Alert } from '#web/components/alert.tsx';
import { primaryButton, secondaryButton } from '#web/components/button.tsx';
import { useMe } from '#web/features/auth/index.ts';
import { ApiRequestError } from '#web/lib/api-fetch.ts';
import { useBootData } from '#web/lib/boot-data.ts';
import { useErrorText } from '#web/lib/error-text.ts';
import { useHydrated } from '#web/lib/hydrated.ts';
import { useMediaBoxes, useSuggestName } from '../api/public-people.ts';
import { BoxDrawer } from './box-drawer.tsx';
import { PeopleOverlay } from './people-overlay.tsx';

type Values = Record<Exclude<PersonFormField, 'website'>, string>;
/** The choice in the box list that means "a box I draw myself" (only with the script). */
const NEW_BOX = 'new';

const input =
  'mt-1 block w-full rounded-md border border-slate-400 px-3 py-2 text-slate-900 aria-invalid:border-red-600';

/**
 * "Who is in the picture" on a public image's page (issue 29 §2): "show who is here" opens the
 * image with its boxes and the names as a list (a <details>, so it works before the script and
 * without it), and "Suggest a name" names a box, or (with the script) a box the visitor draws.
 * Without script the form is posted to the page's own address with its mark and the server draws
 * the page again with the outcome (common/people.ts), as "Do you know more" does.
 */
export function WhoIsHere({
  mediaId,
  title,
  src,
  width,
  height,
}: {
  mediaId: string;
  title: string;
  src: string | null;
  width: number | null;
  height: number | null;
}) {
  const t = useT();
  const { data: boxes = [] } = useMediaBoxes(mediaId);
  const id = useId();
  const headingId = `${id}-heading`;
  // Drawing a new box needs the script; naming a box does not.
  const canDraw = useHydrated() && src !== null;
  if (boxes.length === 0 && !canDraw) return null;
  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-lg border border-slate-200 p-4">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t('people.title', 'Fólk á myndini')}
      </h2>
      {boxes.length > 0 && src && (
        <details className="group">
          <summary className="inline-flex cursor-pointer items-center gap-2 rounded-md border border-slate-400 px-3 py-2 text-sm font-medium text-slate-900 hover:bg-slate-100">
            <Users aria-hidden="true" className="size-4" />
            {t('people.show', 'Vís hvør er her')} ({boxes.length})
          </summary>
          <div className="mt-3 space-y-3">
            <div className="relative inline-block max-w-full">
              <img
                src={src}
                alt={title}
                width={width ?? undefined}
                height={height ?? undefined}
                loading="lazy"
                className="block h-auto max-h-[70vh] w-auto max-w-full"
              />
              <PeopleOverlay boxes={boxes} />
            </div>
          </div>
        </details>
      )}
      {boxes.length > 0 && <NamesList boxes={boxes} />}
      <SuggestName
        mediaId={mediaId}
        boxes={boxes}
        src={canDraw ? src : null}
        title={title}
        width={width}
        height={height}
      />
    </section>
  );
}

/** The names in words, numbered as the boxes are. */
function NamesList({ boxes }: { boxes: readonly PublicBox[] }) {
  const t = useT();
  return (
    <ol className="list-inside list-decimal space-y-1 text-sm text-slate-800">
      {boxes.map((box) => (
        <li key={box.id}>
          {box.person ? (
            <Link to={paths.person(box.person.id)} className="font-medium text-blue-700 underline">
              {box.person.name}
            </Link>
          ) : (
            t('people.unnamed', 'Ókendur persónur')
          )}
        </li>
      ))}
    </ol>
  );
}

function SuggestName({
  mediaId,
  boxes,
  src,
  title,
  width,
  height,
}: {
  mediaId: string;
  boxes: readonly PublicBox[];
  src: string | null;
  title: string;
  width: number | null;
  height: number | null;
}) {
  const t = useT();
  const say = useErrorText();
  const id = useId();
  const take = useBootData();
  const { data: me } = useMe();
  const [posted, setPosted] = useState(() => take<PersonFormResult>(PERSON_FORM_RESULT) ?? null);
  const refused = posted?.outcome === 'refused' ? posted : null;
  const firstUnnamed = boxes.find((b) => !b.person)?.id ?? boxes[0]?.id ?? NEW_BOX;
  const [values, setValues] = useState<Values>(() => ({
    boxId: firstUnnamed,
    name: '',
    note: '',
    contributorName: me?.fullName ?? '',
    contributorEmail: '',
    ...refused?.values,
  }));
  const [drawn, setDrawn] = useState<BoxRect | null>(null);
  const [problem, setProblem] = useState<'name' | 'email' | 'box' | null>(null);
  const send = useSuggestName();
  const sent = posted?.outcome === 'sent' || send.isSuccess;
  const again = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (send.isSuccess) again.current?.focus();
  }, [send.isSuccess]);

  const field = (name: keyof Values) => ({
    id: `${id}-${name}`,
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [name]: event.target.value })),
  });

  if (sent)
    return (
      <div className="space-y-3">
        <Alert tone="success">
          {t(
            'people.thanks',
            'Takk fyri! Starvsfólk savnsins hyggja eftir navninum, áðrenn tað kemur á myndina.',
          )}
        </Alert>
        <button
          ref={again}
          type="button"
          className={secondaryButton}
          onClick={() => {
            setPosted(null);
            send.reset();
            setDrawn(null);
            setValues((v) => ({ ...v, name: '', note: '' }));
          }}
        >
          {t('people.suggest_another', 'Sig okkum eitt navn afturat')}
        </button>
      </div>
    );

  const drawing = values.boxId === NEW_BOX;
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPosted(null);
    const email = values.contributorEmail.trim();
    const check = !values.name.trim()
      ? 'name'
      : drawing && !drawn
        ? 'box'
        : email && !LOOSE_EMAIL.test(email)
          ? 'email'
          : null;
    setProblem(check);
    if (check) {
      document
        .getElementById(
          `${id}-${check === 'email' ? 'contributorEmail' : check === 'box' ? 'drawer' : 'name'}`,
        )
        ?.focus();
      return;
    }
    const website = (new FormData(event.currentTarget).get('website') as string | null) ?? '';
    send.mutate({
      mediaId,
      ...(drawing ? { box: drawn! } : { boxId: values.boxId }),
      name: values.name,
      note: values.note,
      contributorName: values.contributorName,
      contributorEmail: values.contributorEmail,
      website,
    });
  }

  const serverIssue = (name: string) => refused?.issues.some((issue) => issue.path === name);
  const nameError =
    problem === 'name' || serverIssue('name') ? t('people.name_missing', 'Skriva eitt navn.') : undefined;
  const emailError =
    problem === 'email' || serverIssue('contributorEmail')
      ? t('knowledge.email_invalid', 'Teldupostadressan sær ikki rætt út.')
      : undefined;
  const failure = send.error
    ? say(send.error)
    : refused && !nameError && !emailError
      ? say(new ApiRequestError(400, refused.error.code, refused.error.message))
      : null;

  return (
    <form method="post" action={paths.media(mediaId)} onSubmit={onSubmit} noValidate className="space-y-3">
      <input type="hidden" name={FORM_MARK_FIELD} value={PERSON_FORM_MARK} />
      <h3 className="text-base font-semibold text-slate-900">
        {t('people.suggest', 'Veitst tú, hvør hetta er?')}
      </h3>
      {failure && <Alert tone="error">{failure}</Alert>}
      <div>
        <label htmlFor={`${id}-boxId`} className="block text-sm font-medium text-slate-800">
          {t('people.which_box', 'Hvør kassi?')}
        </label>
        <select {...field('boxId')} className={input}>
          {boxes.map((box, i) => (
            <option key={box.id} value={box.id}>
              {`${i + 1}. ${box.person?.name ?? t('people.unnamed', 'Ókendur persónur')}`}
            </option>
          ))}
          {src && <option value={NEW_BOX}>{t('people.new_box', 'Ein nýggjur kassi, sum eg tekni')}</option>}
        </select>
      </div>
      {drawing && src && (
        <div id={`${id}-drawer`}>
          <BoxDrawer src={src} alt={title} width={width} height={height} value={drawn} onChange={setDrawn}>
            <PeopleOverlay boxes={boxes} />
          </BoxDrawer>
          {problem === 'box' && (
            <p className="text-sm text-red-700">{t('people.box_missing', 'Tekna ein kassa á myndini.')}</p>
          )}
        </div>
      )}
      <div>
        <label htmlFor={`${id}-name`} className="block text-sm font-medium text-slate-800">
          {t('people.name', 'Navn')}
        </label>
        <input
          {...field('name')}
          type="text"
          maxLength={PERSON_NAME_MAX}
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? `${id}-name-error` : undefined}
          className={input}
        />
        {nameError && (
          <p id={`${id}-name-error`} className="mt-1 text-sm text-red-700">
            {nameError}
          </p>
        )}
      </div>
      <div>
        <label htmlFor={`${id}-note`} className="block text-sm font-medium text-slate-800">
          {t('people.note', 'Hvussu veitst tú tað? (valfrítt)')}
        </label>
        <textarea {...field('note')} rows={2} maxLength={SUGGESTION_NOTE_MAX} className={input} />
      </div>
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
            aria-describedby={emailError ? `${id}-email-error` : undefined}
            className={input}
          />
          {emailError && (
            <p id={`${id}-email-error`} className="mt-1 text-sm text-red-700">
              {emailError}
            </p>
          )}
        </div>
      </div>
      <Honeypot id={`${id}-website`} defaultValue="" />
      <button type="submit" className={primaryButton} disabled={send.isPending}>
        <Send aria-hidden="true" className="size-5" />
        {send.isPending ? t('knowledge.sending', 'Sendir…') : t('people.send', 'Send navnið')}
      </button>
    </form>
  );
}
