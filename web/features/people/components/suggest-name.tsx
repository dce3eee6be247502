import { Send } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { PublicBox } from '#common/api/people.ts';
import { LOOSE_EMAIL } from '#common/form-reply.ts';
import { paths } from '#common/paths.ts';
import {
  type BoxRect,
  FORM_MARK_FIELD,
  PERSON_FORM_MARK,
  PERSON_FORM_RESULT,
  type PersonFormResult,
} from '#common/people.ts';
import { useT } from '#web/app/i18n.tsx';
import { Alert } from '#web/components/alert.tsx';
import { primaryButton, secondaryButton } from '#web/components/button.tsx';
import { Honeypot } from '#web/components/honeypot.tsx';
import { useMe } from '#web/features/auth/index.ts';
import { ApiRequestError } from '#web/lib/api-fetch.ts';
import { useBootData } from '#web/lib/boot-data.ts';
import { useErrorText } from '#web/lib/error-text.ts';
import { useSuggestName } from '../api/public-people.ts';
import { BoxChoice, NEW_BOX, NameFields, type Values } from './suggest-name-fields.tsx';

/**
 * "Suggest a name" under "who is in the picture": names a box, or (with the script) a box the
 * visitor draws. Posted to the page's own address without script; the server's outcome is taken
 * from the page (PERSON_FORM_RESULT) and drawn as the script's own would be.
 */
export function SuggestName({
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
      <BoxChoice
        id={id}
        field={field}
        boxes={boxes}
        src={src}
        title={title}
        width={width}
        height={height}
        drawing={drawing}
        drawn={drawn}
        onDraw={setDrawn}
        boxMissing={problem === 'box'}
      />
      <NameFields id={id} field={field} nameError={nameError} emailError={emailError} />
      <Honeypot id={`${id}-website`} defaultValue="" />
      <button type="submit" className={primaryButton} disabled={send.isPending}>
        <Send aria-hidden="true" className="size-5" />
        {send.isPending ? t('knowledge.sending', 'Sendir…') : t('people.send', 'Send navnið')}
      </button>
    </form>
  );
}
